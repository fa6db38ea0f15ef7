package probes

import (
	"os"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// TestMain lets the test binary serve as its own child process: Run
// re-execs it, and ServeChild runs the requested cases on the registry's
// configurations and the test configurations.
func TestMain(m *testing.M) {
	ServeChild(append(codecs.All(), testCodecs...))
	os.Exit(m.Run())
}

// probeResults runs the probe suite on every registered configuration
// once and shares the outcomes among the tests.
var probeResults = sync.OnceValues(func() (*Results, error) {
	return Run(Probes(), codecs.All(), Options{})
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
	c, err := codecs.All().Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
