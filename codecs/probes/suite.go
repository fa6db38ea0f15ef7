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
	NA      = "n/a"     // the configuration lacks the operation the case needs
)

// Outcome is what one configuration did on one case. Label is short and
// deterministic, so that tables compare and diff; Detail, when set, says
// more (a crash's first line of output) and stays out of the tables.
type Outcome struct {
	Label  string `json:"label"`
	Detail string `json:"detail,omitempty"`
}

// A Case is one input a configuration is run on. Run executes in a child
// process and may crash it; it is called only for configurations that can
// do what Needs asks, and the others get NA.
type Case struct {
	Name  string
	Needs func(c *codecs.Codec) bool
	// Doc, for a case that decodes a document, returns it, so that a
	// different outcome can be traced to the probes (see Explain).
	Doc func() []byte
	Run func(c *codecs.Codec) Outcome
}

// A Suite is an ordered list of cases that a child process can rebuild from
// Name and Arg alone.
type Suite struct {
	Name    string
	Arg     string        // the parameter the suite was built from
	Timeout time.Duration // per case, from when the child is ready or the last case ended
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

// What a case needs of a configuration: the operation whose function it
// calls. The encoding probes marshal and the decoding probes unmarshal
// small struct types; the corpus cases decode into an any (see decodeAny).
func encodesStruct(c *codecs.Codec) bool { return c.Supports(codecs.EncodeStruct) }
func decodesStruct(c *codecs.Codec) bool { return c.Supports(codecs.DecodeStruct) }
func decodesAny(c *codecs.Codec) bool {
	return c.Supports(codecs.DecodeMap) || c.Supports(codecs.DecodeStruct)
}
func structs(c *codecs.Codec) bool { return encodesStruct(c) || decodesStruct(c) }
