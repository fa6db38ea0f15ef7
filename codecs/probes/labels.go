package probes

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
)

// field returns the JSON of v's field name as c marshals it, or why not.
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

// encodeLabel labels the JSON of v's field name by names, or quotes it.
func encodeLabel(v any, name string, names map[string]string) func(*codecs.Codec) string {
	return func(c *codecs.Codec) string {
		raw, label := field(c, v, name)
		if l, ok := names[raw]; ok && label == "" {
			return l
		}
		return cmp.Or(label, quote(raw))
	}
}

// quote shows s as a code span, a byte not printable ASCII as <XX>.
func quote(s string) string {
	var b strings.Builder
	for i := range len(s) {
		if c := s[i]; c >= ' ' && c <= '~' && c != '`' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "<%02X>", c)
		}
	}
	return "`" + b.String() + "`"
}

// decodeLabel decodes doc into a T and labels what get reads by names,
// else accepts; rejects on error.
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

// decodeName is decodeLabel for a nameBox.
func decodeName(doc string, names map[string]string) func(*codecs.Codec) string {
	return decodeLabel(doc, func(v *nameBox) string { return v.Name }, names)
}

// probeKeyOrder encodes a map of 32 keys 8 times: a configuration that
// writes keys in map order writes them sorted by chance once in 32!.
func probeKeyOrder(c *codecs.Codec) string {
	m := map[string]int{}
	for i := range 32 {
		m[fmt.Sprintf("k%02d", i)] = i
	}
	sorted, _ := json.Marshal(m) // encoding/json sorts the keys
	for range 8 {
		raw, label := field(c, mapBox{M: m}, "m")
		var b bytes.Buffer
		switch {
		case label != "":
			return label
		case json.Compact(&b, []byte(raw)) != nil || b.String() != string(sorted):
			return "unsorted"
		}
	}
	return "sorted"
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

// probeAliasing decodes strings, then overwrites the input: a decoded
// string that changes with it shares the input's memory.
func probeAliasing(c *codecs.Codec) string {
	const want = "a string long enough to be worth aliasing"
	named, boxed := []byte(`{"name":"`+want+`"}`), []byte(`{"v":"`+want+`"}`)
	var n nameBox
	var b anyBox
	if c.Unmarshal(named, &n) != nil || c.Unmarshal(boxed, &b) != nil {
		return "error"
	}
	clear(named)
	clear(boxed)
	switch s, _ := b.V.(string); {
	case n.Name != want && s != want:
		return "aliases input"
	case n.Name != want:
		return "aliases input (struct field)"
	case s != want:
		return "aliases input (any)"
	}
	return "copies"
}

// probeNumberSyntax lists the spellings JSON forbids that c takes as a float.
func probeNumberSyntax(c *codecs.Codec) string {
	var taken []string
	for _, n := range []string{"-01", "2.", "-.5", "+1"} {
		if c.Unmarshal([]byte(`{"f":`+n+`}`), &floatBox{}) == nil {
			taken = append(taken, n)
		}
	}
	if len(taken) == 0 {
		return rejects
	}
	return accepts + " " + strings.Join(taken, " ")
}

// probeGenerated encodes (or decodes) a struct without generated code.
func probeGenerated(c *codecs.Codec) string {
	var err error
	if c.Supports(codecs.EncodeStruct) {
		_, err = c.Marshal(plainStruct{S: "x"})
	} else {
		err = c.Unmarshal([]byte(`{"s":"x"}`), &plainStruct{})
	}
	if err != nil {
		return "fails"
	}
	return "works"
}

// Outside types.go, so without generated code: spaced is a json.Marshaler
// with insignificant whitespace in its output, which easyjson then calls.
type (
	plainStruct struct {
		S string `json:"s"`
	}
	spaced struct{}
)

func (spaced) MarshalJSON() ([]byte, error) { return []byte(`{ "a" : [ 1 , 2 ] }`), nil }
