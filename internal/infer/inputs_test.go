package infer

import (
	"testing"

	"github.com/jsoncost/jsoncost/internal/testinputs"
)

// TestBuildInputs makes go test's cached result of this package depend on
// what its tests build in a child go command: the generated types, in a
// scratch module.
func TestBuildInputs(t *testing.T) { testinputs.TrackGo(t) }
