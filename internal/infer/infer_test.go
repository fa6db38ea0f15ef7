package infer

import (
	"errors"
	"fmt"
	"go/format"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var inferTests = []struct {
	name, doc, want string
}{
	{"scalars", `{"s":"x","i":1,"f":1.5,"b":true,"n":null}`, `
type Doc struct {
	S string  ` + "`json:\"s\"`" + `
	I int64   ` + "`json:\"i\"`" + `
	F float64 ` + "`json:\"f\"`" + `
	B bool    ` + "`json:\"b\"`" + `
	N any     ` + "`json:\"n\"`" + `
}
`},
	{"merged and empty", `{"a":[1,2.5],"b":[1,"x"],"c":[],"d":{},"e":1e3}`, `
type Doc struct {
	A []float64      ` + "`json:\"a\"`" + `
	B []any          ` + "`json:\"b\"`" + `
	C []any          ` + "`json:\"c\"`" + `
	D map[string]any ` + "`json:\"d\"`" + `
	E float64        ` + "`json:\"e\"`" + `
}
`},
	{"null and absent", `[{"a":1,"b":"x","c":[1],"u":{"x":1}},{"a":null,"u":null}]`, `
type Doc []DocItem

type DocItem struct {
	A *int64   ` + "`json:\"a\"`" + `
	B *string  ` + "`json:\"b,omitempty\"`" + `
	C *[]int64 ` + "`json:\"c,omitempty\"`" + `
	U *DocU    ` + "`json:\"u\"`" + `
}

type DocU struct {
	X int64 ` + "`json:\"x\"`" + `
}
`},
	{"nested", `{"user":{"name":"x"},"tags":[{"k":"v"},{"k":"w","n":2}],"grid":[[{"x":1}]]}`, `
type Doc struct {
	User DocUser             ` + "`json:\"user\"`" + `
	Tags []DocTagsItem       ` + "`json:\"tags\"`" + `
	Grid [][]DocGridItemItem ` + "`json:\"grid\"`" + `
}

type DocUser struct {
	Name string ` + "`json:\"name\"`" + `
}

type DocTagsItem struct {
	K string ` + "`json:\"k\"`" + `
	N *int64 ` + "`json:\"n,omitempty\"`" + `
}

type DocGridItemItem struct {
	X int64 ` + "`json:\"x\"`" + `
}
`},
	{"numeric keys", `{"1":"a","2":"b"}`, `
type Doc map[string]string
`},
	{"keys that are not tags", `{"a,b":1,"c":2,"-":null}`, `
type Doc map[string]*int64
`},
	{"map of structs", `{"events":{"1":{"id":1,"logo":null},"2":{"id":2,"logo":"x"}}}`, `
type Doc struct {
	Events map[string]DocEventsValue ` + "`json:\"events\"`" + `
}

type DocEventsValue struct {
	ID   int64   ` + "`json:\"id\"`" + `
	Logo *string ` + "`json:\"logo\"`" + `
}
`},
	{"colliding type names", `{"a_b":{"x":1},"a":{"a_b":{"y":1}},"items":[{"z":1}],"items_item":{"w":1}}`, `
type Doc struct {
	AB        DocAB          ` + "`json:\"a_b\"`" + `
	A         DocA           ` + "`json:\"a\"`" + `
	Items     []DocItemsItem ` + "`json:\"items\"`" + `
	ItemsItem DocItemsItem2  ` + "`json:\"items_item\"`" + `
}

type DocAB struct {
	X int64 ` + "`json:\"x\"`" + `
}

type DocA struct {
	AB DocAB2 ` + "`json:\"a_b\"`" + `
}

type DocAB2 struct {
	Y int64 ` + "`json:\"y\"`" + `
}

type DocItemsItem struct {
	Z int64 ` + "`json:\"z\"`" + `
}

type DocItemsItem2 struct {
	W int64 ` + "`json:\"w\"`" + `
}
`},
	{"colliding and non-ASCII field names", `{"id":1,"_id":2,"type":"t","名前":"x","2ème":true}`, `
type Doc struct {
	ID    int64  ` + "`json:\"id\"`" + `
	ID2   int64  ` + "`json:\"_id\"`" + `
	Type  string ` + "`json:\"type\"`" + `
	X名前   string ` + "`json:\"名前\"`" + `
	X2ème bool   ` + "`json:\"2ème\"`" + `
}
`},
	{"scalar", `3`, `
type Doc int64
`},
	{"null", `null`, `
type Doc any
`},
	{"array of arrays", `[[1,2],[3]]`, `
type Doc [][]int64
`},
}

func TestInfer(t *testing.T) {
	for _, tt := range inferTests {
		t.Run(tt.name, func(t *testing.T) {
			typ, _, err := Infer("Doc", []byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			src, err := Source("p", typ)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff("package p\n"+tt.want, string(src)); diff != "" {
				t.Errorf("Source(Infer(%s)) (-want +got):\n%s", tt.doc, diff)
			}
		})
	}
}

func TestInferSyntaxError(t *testing.T) {
	tests := []struct {
		doc          string
		line, column int
		msg          string
	}{
		{"", 1, 1, "unexpected EOF"},
		{"  \n ", 2, 2, "unexpected EOF"},
		{"{", 1, 2, "unexpected EOF"}, // the end of the input
		{`{"a":1`, 1, 7, "unexpected EOF"},
		{"[1,\n", 2, 1, "unexpected EOF"},
		{"tru", 1, 4, "unexpected EOF"},
		{"{\n  \"a\": tru\n}", 2, 11, "invalid character '\\n' in literal true"},
		{"[1,]", 1, 4, "invalid character ']'"},
		{"{}\n\n  x", 3, 3, "invalid character 'x' after top-level value"},
		{"{}{", 1, 3, "invalid character '{' after top-level value"},
		{"{\"名前\": x}", 1, 12, "invalid character 'x'"},    // columns count bytes
		{"\uFEFF{\"a\" 1}", 1, 9, "invalid character '1'"}, // and the byte-order mark
		{"\uFEFF{", 1, 5, "unexpected EOF"},
		{"\uFEFF\uFEFF{}", 1, 6, `invalid character '\ufeff'`}, // only one is skipped; encoding/json's v2 engine points past the rune
	}
	for _, tt := range tests {
		_, _, err := Infer("Doc", []byte(tt.doc))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Infer(%q) error = %v, want a *SyntaxError", tt.doc, err)
			continue
		}
		if se.Line != tt.line || se.Column != tt.column || !strings.Contains(se.Error(), tt.msg) {
			t.Errorf("Infer(%q) error = %q at %d:%d, want %q at %d:%d", tt.doc, se, se.Line, se.Column, tt.msg, tt.line, tt.column)
		}
	}
}

func TestInferWarnings(t *testing.T) {
	tests := []struct {
		doc, want string // want: Source of the type, after the package clause
		warnings  []string
	}{
		{"\uFEFF{\"a\":1}", "type Doc struct {\n\tA int64 `json:\"a\"`\n}\n",
			[]string{"skipped the UTF-8 byte-order mark at the start"}},
		{`{"a":1,"b":{"c":"x","c":"y","type":[1,{"d":1,"d":2}]},"a":2,"a":3,"e f":{"1":1,"1":2}}`,
			"type Doc struct {\n\tA int64  `json:\"a\"`\n\tB DocB   `json:\"b\"`\n\tEF map[string]int64 `json:\"e f\"`\n}\n\n" +
				"type DocB struct {\n\tC string `json:\"c\"`\n\tType []any `json:\"type\"`\n}\n",
			[]string{
				"duplicate key at $.b.c: its values are merged into one field",
				"duplicate key at $.b.type[1].d: its values are merged into one field",
				"duplicate key at $.a: its values are merged into one field",
				"duplicate key at $.a: its values are merged into one field",
				`duplicate key at $["e f"]["1"]: its values are merged into one field`,
			}},
		{"{\"a\\nb\":1,\"a\\nb\":2}", "type Doc map[string]int64\n",
			[]string{`duplicate key at $["a\nb"]: its values are merged into one field`}},
		// A key repeated in one object does not count as held by more of them.
		{`[{"a":1,"a":2},{}]`, "type Doc []DocItem\n\ntype DocItem struct {\n\tA *int64 `json:\"a,omitempty\"`\n}\n",
			[]string{"duplicate key at $[0].a: its values are merged into one field"}},
		{`{"a":[{"a":1},{"a":1}]}`, "type Doc struct {\n\tA []DocAItem `json:\"a\"`\n}\n\ntype DocAItem struct {\n\tA int64 `json:\"a\"`\n}\n", nil},
	}
	for _, tt := range tests {
		typ, warnings, err := Infer("Doc", []byte(tt.doc))
		if err != nil {
			t.Errorf("Infer(%q): %v", tt.doc, err)
			continue
		}
		src, err := Source("p", typ)
		if err != nil {
			t.Fatal(err)
		}
		want, err := format.Source([]byte("package p\n\n" + tt.want))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), string(src)); diff != "" {
			t.Errorf("Source(Infer(%q)) (-want +got):\n%s", tt.doc, diff)
		}
		if diff := cmp.Diff(tt.warnings, warnings); diff != "" {
			t.Errorf("Infer(%q) warnings (-want +got):\n%s", tt.doc, diff)
		}
	}
}

// nest returns a document of depth levels, each an object whose key "a"
// holds the next or an array holding it, alternately.
func nest(depth int) string {
	var b strings.Builder
	for i := range depth {
		b.WriteString([]string{`{"a":`, "["}[i%2])
	}
	b.WriteString("1")
	for i := depth - 1; i >= 0; i-- {
		b.WriteString([]string{"}", "]"}[i%2])
	}
	return b.String()
}

func TestInferDepth(t *testing.T) {
	if _, _, err := Infer("Doc", []byte(nest(MaxDepth))); err != nil {
		t.Errorf("Infer of a document %d levels deep: %v", MaxDepth, err)
	}
	for _, depth := range []int{MaxDepth + 1, 9000} {
		_, _, err := Infer("Doc", []byte(nest(depth)))
		want := fmt.Sprintf("nesting deeper than %d levels at $%s", MaxDepth, strings.Repeat(".a[0]", MaxDepth/2))
		if err == nil || err.Error() != want {
			t.Errorf("Infer of a document %d levels deep: error = %v, want %q", depth, err, want)
		}
	}
}
