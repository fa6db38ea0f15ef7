package probes

import (
	"os"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// TestMain lets the test binary serve as its own child process: Run
// re-execs it, and ServeChild runs the requested cases. A child registers
// the faulty codecs the crash-isolation test asks it to run.
func TestMain(m *testing.M) {
	if IsChild() {
		for _, c := range faulty {
			if _, err := codecs.Register(c); err != nil {
				panic(err)
			}
		}
		ServeChild()
	}
	os.Exit(m.Run())
}

// registered holds the configurations registered before any test adds its
// own.
var registered = codecs.All()

// probeResults runs the probe suite on every registered configuration
// once and shares the outcomes among the tests.
var probeResults = sync.OnceValues(func() (*Results, error) {
	return Run(Probes(), registered, Options{})
})

// mustProbeResults returns probeResults or fails t.
func mustProbeResults(t *testing.T) *Results {
	t.Helper()
	res, err := probeResults()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func mustLookup(t *testing.T, name string) *codecs.Codec {
	t.Helper()
	c, err := codecs.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
