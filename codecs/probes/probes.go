package probes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jsoncost/jsoncost/codecs"
)

// A Probe observes one semantic choice of a configuration. Run returns a
// short label for what it saw; a configuration behaves as encoding/json on
// the probe when its label equals encoding-json's.
type Probe struct {
	Name string
	// Topic holds words that a declared difference names: an entry of a
	// configuration's Skips that contains all of them (ignoring case)
	// declares a difference on this probe.
	Topic []string
	Run   func(c *codecs.Codec) string
}

// probeTimeout bounds each probe, child start-up included.
const probeTimeout = 30 * time.Second

// AllProbes lists the probes in table order.
var AllProbes = []Probe{
	{"HTML escaping", []string{"HTML"}, encodeLabel(stringBox{S: "<&>"}, "s", map[string]string{
		`"\u003c\u0026\u003e"`: "escaped",
		`"<&>"`:                "no escape",
	})},
	{"map key order", []string{"key", "sort"}, probeKeyOrder},
	{"invalid UTF-8 on encode", []string{"UTF-8", "encode"}, encodeLabel(stringBox{S: "a\xffb"}, "s", map[string]string{
		`"a\ufffdb"`:   "U+FFFD escaped",
		"\"a\uFFFDb\"": "raw U+FFFD",
		"\"a\xffb\"":   "raw bytes",
	})},
	{"invalid UTF-8 on decode", []string{"UTF-8", "decode"}, decodeString(`{"s":"a`+"\xff"+`b"}`, map[string]string{
		"a\uFFFDb": "U+FFFD",
		"a\xffb":   "raw bytes",
	})},
	{"U+2028", []string{"U+2028"}, encodeLabel(stringBox{S: "\u2028\u2029"}, "s", map[string]string{
		`"\u2028\u2029"`:   "escaped",
		"\"\u2028\u2029\"": "no escape",
	})},
	{"float 1e20", []string{"float"}, encodeLabel(floatBox{F: 1e20}, "f", nil)},
	{"float 1e21", []string{"float"}, encodeLabel(floatBox{F: 1e21}, "f", nil)},
	{"float 1e-7", []string{"float"}, encodeLabel(floatBox{F: 1e-7}, "f", nil)},
	{"float 1234567", []string{"float"}, encodeLabel(floatBox{F: 1234567}, "f", nil)},
	{"float -0", []string{"float"}, encodeLabel(floatBox{F: math.Copysign(0, -1)}, "f", nil)},
	{"Marshaler output compaction", []string{"Marshaler"}, encodeLabel(marshalerBox{}, "r", map[string]string{
		`{"a":[1,2]}`:         "compacted",
		`{ "a" : [ 1 , 2 ] }`: "kept as is",
	})},
	{"nil slice", []string{"nil", "slice"}, encodeLabel(nilBox{}, "s", nil)},
	{"nil map", []string{"nil", "map"}, encodeLabel(nilBox{}, "m", nil)},
	{"raw control characters", []string{"control"}, decodeString("{\"s\":\"a\t\x01b\"}", nil)},
	{"case-insensitive names", []string{"case"}, decodeName(`{"NAME":"x"}`, map[string]string{
		"x": "matches",
		"":  "ignores",
	})},
	{"invalid JSON in skipped value", []string{"skipped"}, decodeName(`{"x":[1 2,{"a" "b"}],"name":"y"}`, nil)},
	{"duplicate names", []string{"duplicate"}, decodeName(`{"name":"a","name":"b"}`, map[string]string{
		"a": "first wins",
		"b": "last wins",
	})},
	{"integer overflow", []string{"overflow"}, probeIntOverflow},
	{"trailing data", []string{"trailing"}, decodeName(`{"name":"a"} x`, nil)},
	{"string aliasing of the input", []string{"alias"}, probeAliasing},
	{"depth 5000", []string{"depth"}, probeDepth(5000)},
	{"depth 10001", []string{"depth"}, probeDepth(10001)},
}

// Probes returns the suite of all probes.
func Probes() *Suite {
	s := &Suite{Name: probeSuite, Timeout: probeTimeout}
	for _, p := range AllProbes {
		s.Cases = append(s.Cases, Case{Name: p.Name, Run: func(c *codecs.Codec) Outcome {
			return Outcome{Label: p.Run(c)}
		}})
	}
	return s
}

// Labels shared by the probes.
const (
	accepts = "accepts"
	rejects = "rejects"
)

// field marshals v with c and returns the JSON of one of its fields, or a
// label saying why there is none.
func field(c *codecs.Codec, v any, name string) (raw string, label string) {
	out, err := c.Marshal(v)
	if err != nil {
		return "", "error"
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(out, &fields); err != nil {
		return "", "invalid JSON"
	}
	f, ok := fields[name]
	if !ok {
		return "", "field missing"
	}
	return string(f), ""
}

// encodeLabel returns a probe that marshals v and labels the JSON of its
// field name by names, or shows the JSON itself when names lacks it.
func encodeLabel(v any, name string, names map[string]string) func(*codecs.Codec) string {
	return func(c *codecs.Codec) string {
		raw, label := field(c, v, name)
		if label != "" {
			return label
		}
		if l, ok := names[raw]; ok {
			return l
		}
		return quote(raw)
	}
}

// quote shows JSON output as a code span, writing a byte that is not
// printable ASCII as <XX>.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('`')
	for i := range len(s) {
		if c := s[i]; c >= ' ' && c <= '~' && c != '`' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "<%02X>", c)
		}
	}
	b.WriteByte('`')
	return b.String()
}

// decodeString returns a probe that decodes doc into a stringBox and labels
// the string by names, "rejects" on error.
func decodeString(doc string, names map[string]string) func(*codecs.Codec) string {
	return decodeLabel(doc, func(v *stringBox) string { return v.S }, names)
}

// decodeName is decodeString for a nameBox.
func decodeName(doc string, names map[string]string) func(*codecs.Codec) string {
	return decodeLabel(doc, func(v *nameBox) string { return v.Name }, names)
}

// decodeLabel returns a probe that decodes doc into a T and labels the
// string get reads from it by names: "rejects" on error, "accepts" when
// names lacks it.
func decodeLabel[T any](doc string, get func(*T) string, names map[string]string) func(*codecs.Codec) string {
	return func(c *codecs.Codec) string {
		var v T
		if err := c.Unmarshal([]byte(doc), &v); err != nil {
			return rejects
		}
		if l, ok := names[get(&v)]; ok {
			return l
		}
		return accepts
	}
}

// keyTrials is how often probeKeyOrder encodes a map: a configuration that
// writes keys in map order writes 32 keys sorted by chance once in 32!.
const keyTrials = 8

func probeKeyOrder(c *codecs.Codec) string {
	for range keyTrials {
		m := map[string]int{}
		for i := range 32 {
			m[fmt.Sprintf("k%02d", i)] = i
		}
		raw, label := field(c, mapBox{M: m}, "m")
		if label != "" {
			return label
		}
		keys, err := objectKeys([]byte(raw))
		if err != nil || len(keys) != len(m) {
			return "invalid JSON"
		}
		for i := 1; i < len(keys); i++ {
			if keys[i-1] > keys[i] {
				return "unsorted"
			}
		}
	}
	return "sorted"
}

// objectKeys returns the names of a JSON object in the order they appear.
func objectKeys(obj []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

func probeIntOverflow(c *codecs.Codec) string {
	var small, large intBox
	errSmall := c.Unmarshal([]byte(`{"i8":300}`), &small)
	errLarge := c.Unmarshal([]byte(`{"i64":9223372036854775808}`), &large)
	if errSmall != nil && errLarge != nil {
		return rejects
	}
	show := func(err error, v int64) string {
		if err != nil {
			return rejects
		}
		return strconv.FormatInt(v, 10)
	}
	return fmt.Sprintf("int8 300: %s; int64 2^63: %s", show(errSmall, int64(small.I8)), show(errLarge, large.I64))
}

// probeAliasing decodes a string into a struct field and into an any, then
// overwrites the input: a decoded string that changes with it shares the
// input's memory.
func probeAliasing(c *codecs.Codec) string {
	const want = "a string long enough to be worth aliasing"
	named := []byte(`{"name":"` + want + `"}`)
	var n nameBox
	if err := c.Unmarshal(named, &n); err != nil {
		return "error"
	}
	boxed := []byte(`{"v":"` + want + `"}`)
	var b anyBox
	if err := c.Unmarshal(boxed, &b); err != nil {
		return "error"
	}
	clear(named)
	clear(boxed)
	s, _ := b.V.(string)
	switch {
	case n.Name != want && s != want:
		return "aliases input"
	case n.Name != want:
		return "aliases input (struct field)"
	case s != want:
		return "aliases input (any)"
	}
	return "copies"
}

// nested returns {"v":[[…]]} nested depth levels deep, the object included.
func nested(depth int) []byte {
	b := append([]byte(`{"v":`), arrays(depth-1)...)
	return append(b, '}')
}

func probeDepth(depth int) func(*codecs.Codec) string {
	return func(c *codecs.Codec) string {
		var v anyBox
		if err := c.Unmarshal(nested(depth), &v); err != nil {
			return rejects
		}
		return accepts
	}
}

// spaced is a json.Marshaler whose output carries insignificant whitespace.
// It lives outside types.go so that easyjson generates no methods for it
// and calls MarshalJSON too.
type spaced struct{}

func (spaced) MarshalJSON() ([]byte, error) { return []byte(`{ "a" : [ 1 , 2 ] }`), nil }
