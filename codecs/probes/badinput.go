package probes

import (
	"bytes"
	"cmp"
	"strconv"
	"strings"
)

const heavyArg = "heavy" // Suite.Arg of the suite with the large cases

// truncationDoc, cut at every byte offset, holds every value kind, escapes,
// multi-byte UTF-8 and nesting; no proper prefix of it is valid JSON.
const truncationDoc = `{"id":12345678901,"name":"caf\u00e9 \"quoted\" \\ back\/slash","tags":["a","b\n\t",""],` +
	`"price":-12.5e-3,"ratio":0.1E+2,"ok":true,"bad":false,"none":null,` +
	`"nested":{"deep":[[1,2,{"k":[false,null]}]],"empty":{},"list":[]},` +
	`"unicode":"日本語 ✓ 🎉","pair":"\ud83c\udf89","max":1.7976931348623157e308,"neg":-0,"zero":0.0}`

const (
	truncationPrefix = "truncated at " // badinput.md folds these cases into one row
	bigString        = 64 << 20
)

// BadInput returns the suite of hostile documents decoded into an any; heavy
// adds nesting a million levels deep and a 64 MiB string.
func BadInput(heavy bool) *Suite {
	s := &Suite{Name: "badinput"}
	if heavy {
		s.Arg = heavyArg
	}
	add := func(name string, doc func() []byte, describe func(any) string) {
		s.Cases = append(s.Cases, decodeCase(name, doc, describe))
	}
	showNumber := func(v any) string { return "(" + show(v) + ")" }
	add("depth 10001 (arrays)", func() []byte { return arrays(10001) }, nil)
	if heavy {
		add("depth 1000000 (arrays)", func() []byte { return arrays(1000000) }, nil)
		add("depth 1000000 (objects)", func() []byte { return []byte(strings.Repeat(`{"a":`, 1000000) + "1" + strings.Repeat("}", 1000000)) }, nil)
		add("depth 1000000 (unclosed arrays)", func() []byte { return bytes.Repeat([]byte("["), 1000000) }, nil)
	}
	add("10000-digit integer", func() []byte { return []byte("1" + strings.Repeat("0", 9999)) }, showNumber)
	add("10000-digit fraction", func() []byte { return []byte("0." + strings.Repeat("0", 9997) + "1") }, showNumber)
	add("10000-digit mantissa", func() []byte { return []byte("1." + strings.Repeat("1234567890", 1000)[:9998]) }, showNumber)
	if heavy {
		add("64 MiB string", func() []byte { return []byte(`"` + strings.Repeat("a", bigString) + `"`) }, func(v any) string {
			if s, ok := v.(string); !ok || len(s) != bigString {
				return "(wrong value)"
			}
			return "(intact)"
		})
	}
	add("invalid UTF-8 in key", func() []byte { return []byte("{\"a\xffb\":1}") }, func(v any) string {
		return cmp.Or(map[string]string{`{"a\ufffdb":1}`: "(U+FFFD)", `{"a\xffb":1}`: "(raw bytes)"}[show(v)], "(wrong value)")
	})
	for i := range len(truncationDoc) {
		add(truncationPrefix+strconv.Itoa(i), func() []byte { return []byte(truncationDoc[:i]) }, nil)
	}
	return s
}

func arrays(depth int) []byte {
	return []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
}
