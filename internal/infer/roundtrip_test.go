package infer

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// roundTripDocs are documents whose generated types must compile and
// reproduce them, beside those of inferTests.
var roundTripDocs = []string{
	nest(MaxDepth),
	`{"kids":[{"kids":[{"kids":[{"id":1}]}]}],"item":{"x":1},"kids_item":2}`,
	`{"type":{"func":1,"package":"p","go":true},"map":{"chan":[{"select":null}]}}`,
	`{"Doc":{"doc":1},"doc_item":[[{"a":1}]],"DocItem":{"b":2}}`,
	`[{"events":{"1":{"id":1,"tags":[{"k":"v"}]},"2":{"id":2,"tags":[]}}}]`,
	`{"x":"\u2028<>&","y":-0.5,"z":9223372036854775807,"w":1e-7}`,
}

// roundTripMain is the program TestInferRoundTrip runs, given the docs
// table: it prints every document decoded into its type and encoded again,
// one a line, or the error.
const roundTripMain = `package main

import (
	"encoding/json"
	"fmt"
)

var docs = []struct {
	doc string
	new func() any
}{
%s}

func main() {
	for _, d := range docs {
		v := d.new()
		if err := json.Unmarshal([]byte(d.doc), v); err != nil {
			fmt.Println("decode:", err)
			continue
		}
		out, err := json.Marshal(v)
		if err != nil {
			fmt.Println("encode:", err)
			continue
		}
		fmt.Println(string(out))
	}
}
`

// TestInferRoundTrip compiles the types inferred from every document of
// inferTests and roundTripDocs into one program, which decodes each
// document into its type and encodes it again with encoding/json, and
// compares the program's output with the documents as JSON values.
func TestInferRoundTrip(t *testing.T) {
	var docs []string
	for _, tt := range inferTests {
		docs = append(docs, tt.doc)
	}
	docs = append(docs, roundTripDocs...)

	var roots []*Type
	var table strings.Builder
	for i, doc := range docs {
		name := fmt.Sprintf("Doc%d", i)
		typ, warnings, err := Infer(name, []byte(doc))
		if err != nil || len(warnings) > 0 {
			t.Fatalf("Infer(%s) = %v, %v", doc, warnings, err)
		}
		roots = append(roots, typ)
		fmt.Fprintf(&table, "\t{%q, func() any { return new(%s) }},\n", doc, name)
	}
	types, err := Source("main", roots...)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":   "module roundtrip\n\ngo 1.26\n",
		"types.go": string(types),
		"main.go":  fmt.Sprintf(roundTripMain, table.String()),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run of the generated types: %v\n%s", err, stderr.Bytes())
	}

	lines := bufio.NewScanner(bytes.NewReader(out))
	lines.Buffer(nil, 1<<20)
	for _, doc := range docs {
		if !lines.Scan() {
			t.Fatalf("the program printed %d lines, want %d:\n%s", strings.Count(string(out), "\n"), len(docs), out)
		}
		if err := sameValue(lines.Bytes(), []byte(doc)); err != nil {
			t.Errorf("%s re-encoded as %s: %v", doc, lines.Bytes(), err)
		}
	}
}

// sameValue reports the first difference between two JSON documents
// compared as values, or nil when they are the same value.
func sameValue(got, want []byte) error {
	g, err := jsonvalue.Decode(got)
	if err != nil {
		return fmt.Errorf("got is not valid JSON: %w", err)
	}
	w, err := jsonvalue.Decode(want)
	if err != nil {
		return fmt.Errorf("want is not valid JSON: %w", err)
	}
	return jsonvalue.Diff(g, w, 0)
}
