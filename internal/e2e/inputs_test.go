package e2e

import (
	"testing"

	"github.com/jsoncost/jsoncost/internal/testinputs"
)

// TestBuildInputs makes go test's cached result of this package depend on
// what its tests build in a child go command: the runner and the report,
// with go run, and through them the benchmark binary.
func TestBuildInputs(t *testing.T) { testinputs.Track(t) }
