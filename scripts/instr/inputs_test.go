package main

import (
	"testing"

	"github.com/jsoncost/jsoncost/internal/testinputs"
)

// TestBuildInputs makes go test's cached result of this package depend on
// what its tests build in a child go command: the benchmark binary, with go
// test -c of the root package.
func TestBuildInputs(t *testing.T) { testinputs.Track(t) }
