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
	Crash   = "crash" // the child died, or the codec panicked
	Timeout = "timeout"
	NA      = "n/a" // the configuration lacks the operation the case needs
	accepts = "accepts"
	rejects = "rejects"

	caseTimeout = 30 * time.Second // bounds each case
)

// Outcome is what one configuration did on one case: Label is short and
// deterministic, Detail (a crash's line) stays out of the tables.
type Outcome struct {
	Label  string `json:",omitempty"`
	Detail string `json:",omitempty"`
}

// A Case is one input. Run, in a child process, returns the label; a
// configuration that fails Needs gets NA.
type Case struct {
	Name  string
	Needs func(c *codecs.Codec) bool
	Doc   func() []byte // the decoded document, for Explain; nil if none
	Run   func(c *codecs.Codec) string
	// A probe's: an entry of Skips holding all the words of Topic (any case)
	// declares a difference; Skipped reports whether a label is work left out
	// (see rules.go), Occurs whether doc holds the subject (see Explain).
	Topic   []string
	Skipped func(label string) bool
	Occurs  func(doc []byte) bool
}

// A Suite is an ordered list of cases a child rebuilds from Name and Arg.
type Suite struct {
	Name, Arg string
	Cases     []Case
}

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

// What a case needs: the operation whose function it calls.
func encodesStruct(c *codecs.Codec) bool { return c.Supports(codecs.EncodeStruct) }
func decodesStruct(c *codecs.Codec) bool { return c.Supports(codecs.DecodeStruct) }
func decodesAny(c *codecs.Codec) bool    { return c.Supports(codecs.DecodeMap) || decodesStruct(c) }

// decodeAny decodes data into an any, or for a codec that decodes only
// structs (easyjson) into an anyValue.
func decodeAny(c *codecs.Codec, data []byte) (any, error) {
	var v anyValue
	if c.Supports(codecs.DecodeMap) {
		err := c.Unmarshal(data, &v.V)
		return v.V, err
	}
	err := c.Unmarshal(data, &v)
	return v.V, err
}

// anyValue is a top-level any for easyjson: its method is easyjson's for an
// interface{} field plus its top-level check for trailing data.
type anyValue struct{ V any }

func (v *anyValue) UnmarshalEasyJSON(l *jlexer.Lexer) {
	v.V = l.Interface()
	l.Consumed()
}

// decodeCase decodes doc into an any: rejects, or accepts and describe's word.
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

// show writes a decoded value as JSON, strings quoted as Go quotes them in
// ASCII (raw bytes \xff, U+FFFD \ufffd).
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
