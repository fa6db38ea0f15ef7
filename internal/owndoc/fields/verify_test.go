package fields

import (
	"reflect"
	"strings"
	"testing"
)

func TestCheckFiltered(t *testing.T) {
	tests := []struct {
		spec, doc, filtered, err string
	}{
		{"title,price.amount,items[].sku", sample, `{"title":"t","price":{"amount":9.5},"items":[{"sku":"a"},{"sku":"b"}]}`, ""},
		{"price,grid,empty,note", sample, `{"price":{"amount":9.5,"currency":"EUR"},"grid":[[{"x":1}],[]],"note":null,"empty":{}}`, ""},
		{"items[].tags,meta", sample, `{"items":[{"tags":["x"]}],"meta":{"1":"a"}}`, ""},
		{"price.nothing", sample, `{}`, ""},
		{"a", `{"a.b":1,"a":{"b":2}}`, `{"a":{"b":2}}`, ""},
		{"price.amount", sample, `{"price":{"amount":9.5,"currency":"EUR"}}`, `the filtered document holds "price.currency", which is not in FIELDS`},
		{"title", sample, `{"id":1,"title":"t"}`, `the filtered document holds "id", which is not in FIELDS`},
		{"items[].sku", sample, `{"items":[{"sku":"a"}]}`, `the filtered document holds 1 "items[].sku", the document 2`},
		{"title,items[].sku", sample, `{"items":[{"sku":"a"},{"sku":"b"}]}`, `the filtered document lacks "title", which FIELDS names and the document holds`},
		{"a", `{"a.b":1,"a":{"b":2}}`, `{"a.b":1,"a":{"b":2}}`, `the filtered document holds "a.b", which is not in FIELDS`},
		{"empty,note", sample, `{"note":null}`, `the filtered document lacks "empty", which FIELDS names and the document holds`},
		{"grid", sample, `{"grid":[[{"x":1}]]}`, `the filtered document lacks "grid[]", which FIELDS names and the document holds`},
		{"title", sample, `{"title":`, "checking the filtered document: "},
	}
	for _, tt := range tests {
		s, err := Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		err = s.CheckFiltered([]byte(tt.doc), []byte(tt.filtered))
		if (tt.err == "") != (err == nil) || err != nil && !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("CheckFiltered(%s, %s) = %v, want %q", tt.spec, tt.filtered, err, tt.err)
		}
	}
}

// The types CheckType is tried on: the document's, and projections of it.
type (
	checkDoc struct {
		ID    int64 `json:"id"`
		Title string
		Price *struct {
			Amount   float64 `json:"amount"`
			Currency string  `json:"currency,omitempty"`
		} `json:"price"`
		Items []struct {
			Sku  string   `json:"sku"`
			Tags []string `json:"tags"`
		} `json:"items"`
		Meta   map[string]string `json:"meta"`
		Raw    []byte            `json:"raw"`
		Hidden int               `json:"-"`
		local  int
	}
	projPriceItems struct {
		Price struct {
			Amount float64 `json:"amount"`
		} `json:"price"`
		Items []struct {
			Sku string `json:"sku"`
		} `json:"items"`
	}
	projDropsSku struct {
		Price struct {
			Amount float64 `json:"amount"`
		} `json:"price"`
		Items []struct{} `json:"items"`
	}
	projKeepsCurrency struct {
		Price struct {
			Amount   float64 `json:"amount"`
			Currency string  `json:"currency"`
		} `json:"price"`
		Items []struct {
			Sku string `json:"sku"`
		} `json:"items"`
	}
	projWhole struct {
		Title string
		Price *struct {
			Amount   float64 `json:"amount"`
			Currency string  `json:"currency"`
		} `json:"price"`
		Meta map[string]string `json:"meta"`
		Raw  []byte            `json:"raw"`
	}
)

func TestCheckType(t *testing.T) {
	tests := []struct {
		spec string
		proj any
		err  string
	}{
		{"price.amount,items[].sku", projPriceItems{}, ""},
		{"Title,price,meta,raw", projWhole{}, ""},
		{"price.amount,items[].sku", projDropsSku{}, `the projected type lacks "items[].sku", which FIELDS names`},
		{"price.amount,items[].sku", projKeepsCurrency{}, `the projected type has "price.currency", which is not in FIELDS`},
		{"price.amount,items[].sku,id", projPriceItems{}, `the projected type lacks "id", which FIELDS names`},
	}
	for _, tt := range tests {
		s, err := Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		err = s.CheckType(reflect.TypeFor[*checkDoc](), reflect.TypeOf(tt.proj))
		if (tt.err == "") != (err == nil) || err != nil && err.Error() != tt.err {
			t.Errorf("CheckType(%s, %T) = %v, want %q", tt.spec, tt.proj, err, tt.err)
		}
	}
}
