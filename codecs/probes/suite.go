package probes

import (
	"fmt"
	"time"

	"github.com/jsoncost/jsoncost/codecs"
)

// The labels the runner itself assigns; cases assign the others.
const (
	Crash   = "crash"   // the child died, or the codec panicked, during the case
	Timeout = "timeout" // the case outlived its suite's time limit
	NA      = "n/a"     // the configuration cannot run the suite
)

// Outcome is what one configuration did on one case. Label is short and
// deterministic, so that tables compare and diff; Detail, when set, says
// more (a crash's first line of output) and stays out of the tables.
type Outcome struct {
	Label  string `json:"label"`
	Detail string `json:"detail,omitempty"`
}

// A Case is one input a configuration is run on. Run executes in a child
// process and may crash it.
type Case struct {
	Name string
	Note string // shown after the name in reports; footnoted there
	Run  func(c *codecs.Codec) Outcome
}

// A Suite is an ordered list of cases that a child process can rebuild from
// Name and Arg alone.
type Suite struct {
	Name    string
	Arg     string        // the parameter the suite was built from
	Timeout time.Duration // per case, child start-up included
	Cases   []Case
}

// The suite names.
const (
	probeSuite    = "probes"
	jsonTestSuite = "jsontestsuite"
	badInputSuite = "badinput"
)

// buildSuite rebuilds a suite in a child process.
func buildSuite(name, arg string) (*Suite, error) {
	switch name {
	case probeSuite:
		return Probes(), nil
	case jsonTestSuite:
		return JSONTestSuite(arg)
	case badInputSuite:
		return BadInput(arg == heavyArg), nil
	}
	return nil, fmt.Errorf("unknown suite %q", name)
}

// Applies reports whether the suites can run on c: it needs Marshal and
// Unmarshal, which the floor and lazy getters do not have.
func Applies(c *codecs.Codec) bool {
	return c.Category != codecs.Floor && c.Marshal != nil && c.Unmarshal != nil
}
