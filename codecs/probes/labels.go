package probes

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
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
		if l, ok := names[raw]; ok && label == "" {
			return l
		}
		return cmp.Or(label, quote(raw))
	}
}

// quote shows JSON output as a code span, writing a byte that is not
// printable ASCII as <XX>.
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

// decodeString is decodeLabel for a stringBox, decodeName for a nameBox.
func decodeString(doc string, names map[string]string) func(*codecs.Codec) string {
	return decodeLabel(doc, func(v *stringBox) string { return v.S }, names)
}

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
	for range 8 {
		raw, label := field(c, mapBox{M: m}, "m")
		if label != "" {
			return label
		}
		var keys []string // the values are numbers: every string is a key
		dec := json.NewDecoder(strings.NewReader(raw))
		tok, err := dec.Token()
		for ; err == nil; tok, err = dec.Token() {
			if k, ok := tok.(string); ok {
				keys = append(keys, k)
			}
		}
		switch {
		case err != io.EOF || len(keys) != len(m):
			return "invalid JSON"
		case !slices.IsSorted(keys):
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

// probeAliasing decodes a string into a struct field and into an any, then
// overwrites the input: a decoded string that changes with it shares the
// input's memory.
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

// probeNumberSyntax decodes into a float64 field spellings JSON forbids
// and strconv or a lenient scanner may take (a leading zero, no digits
// after the point, none before it, a plus sign) and lists those accepted.
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

// probeGenerated encodes (or, for a configuration that only decodes,
// decodes) a struct type that has no generated code: a configuration that
// fails works only on types with generated code.
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

// plainStruct and spaced live outside types.go, so that easyjson generates
// no code for them: plainStruct finds configurations that need generated
// code, and spaced is a json.Marshaler whose output carries insignificant
// whitespace, which easyjson then calls too.
type (
	plainStruct struct {
		S string `json:"s"`
	}
	spaced struct{}
)

func (spaced) MarshalJSON() ([]byte, error) { return []byte(`{ "a" : [ 1 , 2 ] }`), nil }
