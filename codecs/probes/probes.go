package probes

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
)

const generatedProbe = "struct without generated code"

// AllProbes lists the probes in table order: each observes one semantic
// choice of a configuration, its label compared with encoding-json's.
var AllProbes = []Case{
	{Name: generatedProbe, Needs: func(c *codecs.Codec) bool { return encodesStruct(c) || decodesStruct(c) }, Run: probeGenerated},
	{Name: "HTML escaping", Topic: []string{"HTML"}, Needs: encodesStruct, Skipped: labels("no escape"),
		Run: encodeLabel(stringBox{S: "<&>"}, "s", map[string]string{`"\u003c\u0026\u003e"`: "escaped", `"<&>"`: "no escape"})},
	{Name: "map key order", Topic: []string{"key", "sort"}, Needs: encodesStruct, Skipped: labels("unsorted"), Run: probeKeyOrder},
	{Name: "invalid UTF-8 on encode", Topic: []string{"UTF-8", "encode"}, Needs: encodesStruct, Skipped: labels("raw bytes"),
		Run: encodeLabel(stringBox{S: "a\xffb"}, "s", map[string]string{
			`"a\ufffdb"`: "U+FFFD escaped", "\"a\uFFFDb\"": "raw U+FFFD", "\"a\xffb\"": "raw bytes"})},
	{Name: "invalid UTF-8 on decode", Topic: []string{"UTF-8", "decode"}, Needs: decodesStruct, Occurs: invalidUTF8,
		Run: decodeName(`{"name":"a`+"\xff"+`b"}`, map[string]string{"a\uFFFDb": "U+FFFD", "a\xffb": "raw bytes"})},
	{Name: "lone surrogate on decode", Topic: []string{"UTF", "decode"}, Needs: decodesStruct, Occurs: loneSurrogate,
		Run: decodeName(`{"name":"a\ud800\ud800\udc00b"}`, map[string]string{
			"a\uFFFD\U00010000b":       "U+FFFD",
			"a\uFFFD\uFFFD\uFFFDb":     "U+FFFD, the next pair lost",
			"a\xed\xa0\x80\U00010000b": "raw bytes",
		})},
	{Name: "U+2028", Topic: []string{"U+2028"}, Needs: encodesStruct, Skipped: labels("no escape"),
		Run: encodeLabel(stringBox{S: "\u2028\u2029"}, "s", map[string]string{`"\u2028\u2029"`: "escaped", "\"\u2028\u2029\"": "no escape"})},
	floatProbe("float 1e20", 1e20),
	floatProbe("float 1e21", 1e21),
	floatProbe("float 1e-7", 1e-7),
	floatProbe("float 1234567", 1234567),
	floatProbe("float -0", math.Copysign(0, -1)),
	{Name: "float -0 on decode", Topic: []string{"-0"}, Needs: decodesStruct, Occurs: negativeZero,
		Run: decodeLabel(`{"f":-0}`, func(v *floatBox) string { return strconv.FormatFloat(v.F, 'g', -1, 64) }, map[string]string{"-0": "-0", "0": "0"})},
	{Name: "Marshaler output compaction", Topic: []string{"Marshaler"}, Needs: encodesStruct,
		Run: encodeLabel(marshalerBox{}, "r", map[string]string{`{"a":[1,2]}`: "compacted", `{ "a" : [ 1 , 2 ] }`: "kept as is"})},
	{Name: "nil slice", Topic: []string{"nil", "slice"}, Needs: encodesStruct, Run: encodeLabel(nilBox{}, "s", nil)},
	{Name: "nil map", Topic: []string{"nil", "map"}, Needs: encodesStruct, Run: encodeLabel(nilBox{}, "m", nil)},
	{Name: "raw control characters", Topic: []string{"control"}, Needs: decodesStruct, Skipped: labels(accepts), Occurs: controlInString,
		Run: decodeName("{\"name\":\"a\t\x01b\"}", nil)},
	{Name: "raw control character after an escape", Topic: []string{"control"}, Needs: decodesStruct, Occurs: controlAfterEscape,
		Run: decodeName("{\"name\":\"\\n\x01\"}", nil)},
	{Name: "case-insensitive names", Topic: []string{"case"}, Needs: decodesStruct,
		Run: decodeName(`{"NAME":"x"}`, map[string]string{"x": "matches", "": "ignores"})},
	{Name: "invalid JSON in skipped value", Topic: []string{"skipped"}, Needs: decodesStruct, Skipped: labels(accepts),
		Run: decodeName(`{"x":[1 2,{"a" "b"}],"name":"y"}`, nil)},
	{Name: "duplicate names", Topic: []string{"duplicate"}, Needs: decodesStruct, Occurs: duplicateNames,
		Run: decodeName(`{"name":"a","name":"b"}`, map[string]string{"a": "first wins", "b": "last wins"})},
	{Name: "integer overflow", Topic: []string{"overflow"}, Needs: decodesStruct, Skipped: func(string) bool { return true },
		Run: probeIntOverflow},
	{Name: "invalid number syntax", Topic: []string{"number", "syntax"}, Needs: decodesStruct, Occurs: invalidNumber, Run: probeNumberSyntax},
	// 64 bytes unclosed: a decoder scanning 32 at a time may miss the end.
	{Name: "unterminated string", Topic: []string{"unterminated"}, Needs: decodesAny, Skipped: labels(accepts), Occurs: unterminatedString,
		Run: decodeCase("", func() []byte { return []byte(`"` + strings.Repeat("a", 64)) }, nil).Run},
	{Name: "trailing data", Topic: []string{"trailing"}, Needs: decodesStruct, Occurs: trailingData, Run: decodeName(`{"name":"a"} x`, nil)},
	{Name: "NUL after the document", Topic: []string{"NUL"}, Needs: decodesStruct, Occurs: trailingNUL, Run: decodeName("{\"name\":\"a\"}\x00", nil)},
	{Name: "string aliasing of the input", Topic: []string{"alias"}, Needs: decodesStruct,
		Skipped: func(l string) bool { return strings.HasPrefix(l, "aliases input") }, Run: probeAliasing},
	depthProbe(5000),
	depthProbe(10001),
	getProbe("malformed value off the paths", `{"a":1,"x":[1 2,{"a" "b"}],"b":{"c":2},"e":"x"}`, "off the paths"),
	getProbe("malformed value after the last path", `{"a":1,"b":{"c":2},"e":"x","z":[1 2,{"a" "b"}]}`, "after the last path"),
	getProbe("document cut after the last path", `{"a":1,"b":{"c":2},"e":"x","z":[1,2`, "after the last path"),
}

// Probes returns the suite of all probes.
func Probes() *Suite { return &Suite{Name: "probes", Cases: AllProbes} }

// labels returns a Case.Skipped true for ls.
func labels(ls ...string) func(string) bool {
	return func(l string) bool { return slices.Contains(ls, l) }
}

// floatProbe shows the JSON written for f; another number is lost precision.
func floatProbe(name string, f float64) Case {
	lossy := func(l string) bool {
		g, err := strconv.ParseFloat(strings.Trim(l, "`"), 64)
		return err == nil && g != f
	}
	return Case{Name: name, Topic: []string{"float"}, Needs: encodesStruct, Skipped: lossy, Run: encodeLabel(floatBox{F: f}, "f", nil)}
}

// depthProbe decodes arrays nested depth levels deep.
func depthProbe(depth int) Case {
	return Case{Name: "depth " + strconv.Itoa(depth), Topic: []string{"depth"}, Needs: decodesStruct,
		Occurs: func(doc []byte) bool { return lex(doc).depth >= depth },
		Run:    decodeLabel(string(nested(depth)), func(*anyBox) string { return "" }, nil)}
}

// getPaths are the paths a get probe reads, getValues their values.
var getPaths, getValues = [][]string{{"a"}, {"b", "c"}, {"e"}}, [][]byte{[]byte(`1`), []byte(`2`), []byte(`"x"`)}

// getProbe reads getPaths from doc, which a malformed or missing part makes
// invalid: through Get where the configuration has get5, else by decoding
// doc whole into an any, as encoding/json's caller does.
func getProbe(name, doc, where string) Case {
	return Case{Name: name, Topic: []string{"validation", where}, Skipped: labels(accepts),
		Needs: func(c *codecs.Codec) bool { return c.Supports(codecs.Get5) || decodesAny(c) },
		Run: func(c *codecs.Codec) string {
			if !c.Supports(codecs.Get5) {
				return decodeCase("", func() []byte { return []byte(doc) }, nil).Run(c)
			}
			switch got, err := c.Get(getPaths)([]byte(doc)); {
			case err != nil:
				return rejects
			case !slices.EqualFunc(got, getValues, bytes.Equal):
				return "wrong values"
			}
			return accepts
		}}
}

// nested returns {"v":[[…]]} nesting depth levels, the object included.
func nested(depth int) []byte { return []byte(`{"v":` + string(arrays(depth-1)) + "}") }
