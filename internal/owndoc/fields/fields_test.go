package fields

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/infer"
)

// sample is the document the tests apply paths to.
const sample = `{"id":1,"title":"t","price":{"amount":9.5,"currency":"EUR"},` +
	`"items":[{"sku":"a","qty":1},{"sku":"b","qty":2,"tags":["x"]}],` +
	`"grid":[[{"x":1}],[]],"meta":{"1":"a"},"note":null,"empty":{}}`

func sampleType(t *testing.T) *infer.Type {
	t.Helper()
	typ, _, err := infer.Infer("Doc", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	return typ
}

func TestParse(t *testing.T) {
	tests := []struct {
		spec, paths, err string
	}{
		{"", "", ""},
		{"  ", "", ""},
		{"id, title ,price.amount,id", "id,title,price.amount", ""},
		{"items[].sku,grid[][].x", "items[].sku,grid[][].x", ""},
		{"a..b", "", `FIELDS: path "a..b": empty key`},
		{"a,", "", `FIELDS: path "": empty key`},
		{"[].a", "", `FIELDS: path "[].a": empty key`},
		{"a[]b", "", `FIELDS: path "a[]b": key "a[]b": [] may only follow a key`},
	}
	for _, tt := range tests {
		s, err := Parse(tt.spec)
		switch {
		case tt.err != "":
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("Parse(%q) error = %v, want %q", tt.spec, err, tt.err)
			}
		case err != nil:
			t.Errorf("Parse(%q): %v", tt.spec, err)
		case tt.paths == "" && s != nil:
			t.Errorf("Parse(%q) = %v, want nil", tt.spec, s)
		case tt.paths != "" && s.String() != tt.paths:
			t.Errorf("Parse(%q) = %q, want %q", tt.spec, s.String(), tt.paths)
		}
	}
}

func TestCheck(t *testing.T) {
	typ := sampleType(t)
	tests := []struct {
		spec, err string
	}{
		{"id,title,price.amount,items[].sku,items[].tags,grid[][].x,meta,note,empty,price", ""},
		{"price.amout", `FIELDS: "price.amout" is not a path in the document; nearest: price.amount, price, price.currency, items, grid`},
		{"items.sku", `FIELDS: "items.sku" is not a path in the document; nearest: items[].sku, items, items[].qty, items[].tags, empty`},
		{"id[]", `FIELDS: "id[]" is not a path`},
		{"meta.1", `FIELDS: "meta.1" is not a path`},
		{"items[].tags[].x", `FIELDS: "items[].tags[].x" is not a path`},
		{"note.x", `FIELDS: "note.x" is not a path`},
	}
	for _, tt := range tests {
		s, err := Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		err = s.Check(typ)
		if (tt.err == "") != (err == nil) || err != nil && !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("Check(%q) = %v, want %q", tt.spec, err, tt.err)
		}
	}
	mapDoc, _, _ := infer.Infer("Doc", []byte(`{"1":2}`))
	s, _ := Parse("a")
	if err := s.Check(mapDoc); err == nil || !strings.Contains(err.Error(), "keys are not fixed") {
		t.Errorf("Check on a map document = %v", err)
	}
}

func TestProject(t *testing.T) {
	s, err := Parse("price.amount,items[].sku,grid,title")
	if err != nil {
		t.Fatal(err)
	}
	src, err := infer.Source("p", s.Project(sampleType(t)))
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\n" +
		"type ProjDoc struct {\n" +
		"\tTitle string              `json:\"title\"`\n" +
		"\tPrice ProjDocPrice        `json:\"price\"`\n" +
		"\tItems []ProjDocItemsItem  `json:\"items\"`\n" +
		"\tGrid  [][]DocGridItemItem `json:\"grid\"`\n" +
		"}\n\n" +
		"type ProjDocPrice struct {\n\tAmount float64 `json:\"amount\"`\n}\n\n" +
		"type ProjDocItemsItem struct {\n\tSku string `json:\"sku\"`\n}\n\n" +
		"type DocGridItemItem struct {\n\tX int64 `json:\"x\"`\n}\n"
	if got := string(src); got != want {
		t.Errorf("Project gave\n%s\nwant\n%s", got, want)
	}
}

func TestFilter(t *testing.T) {
	tests := []struct {
		spec, doc, want string
	}{
		{"title,id", sample, `{"id":1,"title":"t"}`},
		{"price.amount,items[].sku", sample, `{"price":{"amount":9.5},"items":[{"sku":"a"},{"sku":"b"}]}`},
		{"items[].tags", sample, `{"items":[{"tags":["x"]}]}`},
		{"grid[][].x", sample, `{"grid":[[{"x":1}]]}`},
		{"empty,note,meta", sample, `{"meta":{"1":"a"},"note":null,"empty":{}}`},
		{"price.nothing", sample, `{}`},
		{"title.x,items[].sku.y", sample, `{}`},
		{"a", "{\"a\" : \"\\u00e9<\" , \"a\":2}", `{"a":"\u00e9<","a":2}`},
		{"a.b", `{"a":[{"b":1}]}`, `{}`},
	}
	for _, tt := range tests {
		s, err := Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Filter([]byte(tt.doc))
		if err != nil || string(got) != tt.want {
			t.Errorf("Filter(%s) = %s, %v; want %s", tt.spec, got, err, tt.want)
		}
	}
}

func TestLocate(t *testing.T) {
	tests := []struct {
		spec, doc, want string
	}{
		{"title,price.amount,items[].sku,grid[][].x", sample, "[[title] [price amount] [items 0 sku] [items 1 sku] [grid 0 0 x]]"},
		{"items[].tags,note,note.x,missing,price", sample, "[[items 1 tags] [note] [price]]"},
		{"a[].b", `{"a":[]}`, "[]"},
	}
	for _, tt := range tests {
		s, err := Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Locate([]byte(tt.doc))
		if err != nil || fmt.Sprint(got) != tt.want {
			t.Errorf("Locate(%s) = %v, %v; want %s", tt.spec, got, err, tt.want)
		}
	}
}
