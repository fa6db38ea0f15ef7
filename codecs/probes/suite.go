package probes

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/mailru/easyjson/jlexer"
)

// The labels the runner assigns, then the two most cases assign.
const (
	Crash   = "crash"   // the child died, or the codec panicked, during the case
	Timeout = "timeout" // the case outlived its time limit
	NA      = "n/a"     // the configuration lacks the operation the case needs
	accepts = "accepts"
	rejects = "rejects"
)

// Outcome is what one configuration did on one case. Label is short and
// deterministic, so that tables compare and diff; Detail, when set, says
// more (a crash's first line of output) and stays out of the tables.
type Outcome struct {
	Label  string `json:",omitempty"`
	Detail string `json:",omitempty"`
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
	Run func(c *codecs.Codec) string // the label
}

// A Suite is an ordered list of cases that a child process can rebuild from
// Name and Arg, the parameter it was built from, alone.
type Suite struct {
	Name, Arg string
	Cases     []Case
}

// caseTimeout bounds each case, from when its child is ready or the last
// case ended.
const caseTimeout = 30 * time.Second

// buildSuite rebuilds a suite in a child process.
func buildSuite(name, arg string) (*Suite, error) {
	switch name {
	case "probes":
		return Probes(), nil
	case "jsontestsuite":
		return JSONTestSuite(arg)
	case "badinput":
		return BadInput(arg == heavyArg), nil
	}
	return nil, fmt.Errorf("unknown suite %q", name)
}

// What a case needs of a configuration: the operation whose function it
// calls. The encoding probes marshal and the decoding probes unmarshal
// small struct types; the corpus cases decode into an any (see decodeAny).
func encodesStruct(c *codecs.Codec) bool { return c.Supports(codecs.EncodeStruct) }
func decodesStruct(c *codecs.Codec) bool { return c.Supports(codecs.DecodeStruct) }
func decodesAny(c *codecs.Codec) bool    { return c.Supports(codecs.DecodeMap) || decodesStruct(c) }
func structs(c *codecs.Codec) bool       { return encodesStruct(c) || decodesStruct(c) }

// decodeAny decodes data into an any with c. A configuration that decodes
// maps decodes into an any; one that decodes only struct types (generated
// code, such as easyjson's) decodes into anyValue, a struct whose generated
// method reads a top-level any. The caller checks decodesAny first.
func decodeAny(c *codecs.Codec, data []byte) (any, error) {
	if !c.Supports(codecs.DecodeMap) {
		var v anyValue
		err := c.Unmarshal(data, &v)
		return v.V, err
	}
	var v any
	err := c.Unmarshal(data, &v)
	return v, err
}

// anyValue is a top-level any for easyjson. Its method is what easyjson
// generates for an interface{} field, plus the check for trailing data that
// generated code makes on a top-level value.
type anyValue struct{ V any }

func (v *anyValue) UnmarshalEasyJSON(l *jlexer.Lexer) {
	v.V = l.Interface()
	l.Consumed()
}

// decodeCase returns a case that decodes doc into an any: "rejects", or
// "accepts" followed by what describe (when set) says of the value.
func decodeCase(name string, doc func() []byte, describe func(any) string) Case {
	return Case{Name: name, Needs: decodesAny, Doc: doc, Run: func(c *codecs.Codec) string {
		v, err := decodeAny(c, doc())
		switch {
		case err != nil:
			return rejects
		case describe == nil:
			return accepts
		}
		return accepts + " " + describe(v)
	}}
}

// show writes a decoded value in JSON syntax, strings and names quoted as
// Go quotes them in ASCII, so that raw bytes read \xff and U+FFFD \ufffd.
func show(v any) string {
	var elems []string
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case string:
		return strconv.QuoteToASCII(v)
	case []any:
		for _, e := range v {
			elems = append(elems, show(e))
		}
		return "[" + strings.Join(elems, ",") + "]"
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			elems = append(elems, strconv.QuoteToASCII(k)+":"+show(v[k]))
		}
		return "{" + strings.Join(elems, ",") + "}"
	}
	return fmt.Sprintf("(%T)", v)
}
