package infer

import (
	"strings"
	"testing"
)

func TestSamples(t *testing.T) {
	tests := []struct {
		name, data string
		docs       []string
		warnings   int
		err        string
	}{
		{"object", `{"a":1}`, []string{`{"a":1}`}, 0, ""},
		{"pretty object", "{\n  \"a\": 1\n}\n", []string{"{\n  \"a\": 1\n}"}, 0, ""},
		{"array", ` [{"a":1}, {"b":2}] `, []string{`{"a":1}`, `{"b":2}`}, 0, ""},
		{"ndjson", "{\"a\":1}\n{\"b\":2}\n\n{\"c\":3}", []string{`{"a":1}`, `{"b":2}`, `{"c":3}`}, 0, ""},
		{"bom", "\uFEFF" + `{"a":1}`, []string{`{"a":1}`}, 1, ""},
		{"syntax", "{\"a\":1}\n{\"b\":tru}\n", nil, 0, "2:9: invalid character '}' in literal true"},
		{"syntax after bom", "\uFEFF{\n\"a\" 1}", nil, 0, "2:5: invalid character '1' after object key"},
		{"truncated", "{\"a\":1}\n{\"b\":", nil, 0, "2:6: unexpected EOF"},
		{"empty", "", nil, 0, "1:1: unexpected EOF"},
		{"blank", " \n ", nil, 0, "2:2: unexpected EOF"},
		{"scalar", ` 42`, nil, 0, "1:2: the document is a number, not an object"},
		{"string", `"x"`, nil, 0, "1:1: the document is a string"},
		{"null in a stream", "{\"a\":1}\n  null", nil, 0, "2:3: the document is null"},
		{"array of scalars", `[{"a":1}, 2]`, nil, 0, "element 2 of the array is a number, not an object"},
		{"array of arrays", `[[{"a":1}]]`, nil, 0, "element 1 of the array is an array"},
		{"empty array", `[]`, nil, 0, "the array holds no objects"},
	}
	for _, tt := range tests {
		docs, warnings, err := Samples([]byte(tt.data))
		if tt.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want one starting %q", tt.name, err, tt.err)
			}
			continue
		}
		var got []string
		for _, d := range docs {
			got = append(got, string(d))
		}
		if err != nil || strings.Join(got, "|") != strings.Join(tt.docs, "|") || len(warnings) != tt.warnings {
			t.Errorf("%s: Samples = %q, %q, %v; want %q and %d warnings", tt.name, got, warnings, err, tt.docs, tt.warnings)
		}
	}
}

// TestInferSamples checks that samples merge as the elements of an array
// do, and that warnings and errors name the sample.
func TestInferSamples(t *testing.T) {
	docs := [][]byte{[]byte(`{"id":1,"tags":["a"],"price":{"amount":1}}`), []byte(`{"id":2,"price":null,"id":3}`)}
	typ, warnings, err := InferSamples("Doc", docs)
	if err != nil {
		t.Fatal(err)
	}
	src, err := Source("p", typ)
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\ntype Doc struct {\n\tID    int64     `json:\"id\"`\n\tTags  *[]string `json:\"tags,omitempty\"`\n\tPrice *DocPrice `json:\"price\"`\n}\n\ntype DocPrice struct {\n\tAmount int64 `json:\"amount\"`\n}\n"
	if string(src) != want {
		t.Errorf("InferSamples gave\n%s\nwant\n%s", src, want)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "$[1].id") {
		t.Errorf("warnings %q, want one duplicate key at $[1].id", warnings)
	}
	_, _, err = InferSamples("Doc", [][]byte{[]byte(`{}`), []byte(`{"a":`)})
	if err == nil || err.Error() != "sample 2: 1:6: unexpected EOF" {
		t.Errorf("invalid sample: error %v", err)
	}
	deep := []byte(nest(MaxDepth))
	if _, _, err := InferSamples("Doc", [][]byte{deep, deep}); err != nil {
		t.Errorf("samples %d levels deep: %v", MaxDepth, err)
	}
}
