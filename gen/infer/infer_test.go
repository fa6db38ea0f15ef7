package infer

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jsoncost/jsoncost/codecs"
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
	A *int64    ` + "`json:\"a\"`" + `
	B *string   ` + "`json:\"b,omitempty\"`" + `
	C *[]int64  ` + "`json:\"c,omitempty\"`" + `
	U *DocItemU ` + "`json:\"u\"`" + `
}

type DocItemU struct {
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
	{"colliding type names", `{"a_b":{"x":1},"a":{"b":{"y":1}}}`, `
type Doc struct {
	AB DocAB ` + "`json:\"a_b\"`" + `
	A  DocA  ` + "`json:\"a\"`" + `
}

type DocAB struct {
	X int64 ` + "`json:\"x\"`" + `
}

type DocA struct {
	B DocAB2 ` + "`json:\"b\"`" + `
}

type DocAB2 struct {
	Y int64 ` + "`json:\"y\"`" + `
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
			typ, err := Infer("Doc", []byte(tt.doc))
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

// TestInferRoundTrip decodes each document into a type built with reflect
// from the inferred one, encodes it again, and compares the JSON values.
func TestInferRoundTrip(t *testing.T) {
	for _, tt := range inferTests {
		t.Run(tt.name, func(t *testing.T) {
			typ, err := Infer("Doc", []byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			v := reflect.New(reflectType(typ))
			if err := json.Unmarshal([]byte(tt.doc), v.Interface()); err != nil {
				t.Fatal(err)
			}
			out, err := json.Marshal(v.Interface())
			if err != nil {
				t.Fatal(err)
			}
			if err := codecs.SameJSON(out, []byte(tt.doc)); err != nil {
				t.Errorf("%s re-encoded as %s: %v", tt.doc, out, err)
			}
		})
	}
}

// reflectType returns an unnamed type with t's structure.
func reflectType(t *Type) reflect.Type {
	switch t.Kind {
	case Bool:
		return reflect.TypeFor[bool]()
	case Int:
		return reflect.TypeFor[int64]()
	case Float:
		return reflect.TypeFor[float64]()
	case String:
		return reflect.TypeFor[string]()
	case Slice:
		return reflect.SliceOf(reflectType(t.Elem))
	case Map:
		return reflect.MapOf(reflect.TypeFor[string](), reflectType(t.Elem))
	case Pointer:
		return reflect.PointerTo(reflectType(t.Elem))
	case Struct:
		var fs []reflect.StructField
		for _, f := range t.Fields {
			tag := reflect.StructTag("json:" + strconv.Quote(f.tag()))
			fs = append(fs, reflect.StructField{Name: f.Name, Type: reflectType(f.Type), Tag: tag})
		}
		return reflect.StructOf(fs)
	}
	return reflect.TypeFor[any]()
}

func TestInferSyntaxError(t *testing.T) {
	tests := []struct {
		doc          string
		line, column int
		msg          string
	}{
		{"", 1, 1, "unexpected end of JSON input"},
		{`{"a":1`, 1, 6, "unexpected end of JSON input"},
		{"{\n  \"a\": tru\n}", 2, 11, "invalid character '\\n' in literal true"},
		{"[1,]", 1, 4, "invalid character ']'"},
		{"{}\n\n  x", 3, 3, "invalid character 'x' after top-level value"},
		{"{\"名前\": x}", 1, 12, "invalid character 'x'"}, // columns count bytes
	}
	for _, tt := range tests {
		_, err := Infer("Doc", []byte(tt.doc))
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
