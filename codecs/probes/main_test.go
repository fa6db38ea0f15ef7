package probes

import (
	"os"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// TestMain lets the test binary serve as its own child process: Run
// re-execs it, and ServeChild runs the requested cases. A child registers
// the test configurations the tests ask it to run.
func TestMain(m *testing.M) {
	if IsChild() {
		for _, c := range testCodecs {
			if _, err := codecs.Register(c); err != nil {
				panic(err)
			}
		}
		ServeChild()
	}
	os.Exit(m.Run())
}

// registered holds the configurations registered before any test runs:
// the suites run on these, never on the test configurations that tests
// running in parallel register for a while.
var registered = codecs.All()

// probeResults runs the probe suite on every registered configuration
// once and shares the outcomes among the tests.
var probeResults = sync.OnceValues(func() (*Results, error) {
	return Run(Probes(), registered, Options{})
})

// mustProbeResults returns probeResults or fails t.
func mustProbeResults(t testing.TB) *Results {
	t.Helper()
	res, err := probeResults()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func mustLookup(t testing.TB, name string) *codecs.Codec {
	t.Helper()
	c, err := codecs.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// register registers the test configurations cs for the rest of t.
func register(t *testing.T, cs ...*codecs.Codec) {
	t.Helper()
	for _, c := range cs {
		unregister, err := codecs.Register(c)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(unregister)
	}
}
