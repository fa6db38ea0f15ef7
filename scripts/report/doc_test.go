package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestDocPages(t *testing.T) {
	t.Parallel()
	const result = "BenchmarkCodec/op=decode-struct/fixture=x/codec=encoding-json-2 1 1000 ns/op\n"
	for _, tc := range []struct {
		name, only string
		raws       map[string]string // slash path under results: content
		want       []string          // the pages built
		err        string
	}{
		{"every machine", "", map[string]string{"a/doc-x/raw.txt": "doc: x.json\n" + result, "b/doc-x/raw.txt": "doc: x.json\n" + result}, []string{"a/doc-x/README.md", "b/doc-x/README.md"}, ""},
		{"one machine", "b", map[string]string{"a/doc-x/raw.txt": "doc: x.json\n" + result, "b/doc-x/raw.txt": "doc: x.json\n" + result}, []string{"b/doc-x/README.md"}, ""},
		{"not a document's", "", map[string]string{"a/doc-x/raw.txt": result}, nil, "a/doc-x: raw.txt: no doc line"},
		{"bad value", "", map[string]string{"a/doc-x/raw.txt": "doc: x.json\ndoc-qps: many\n" + result}, nil, `doc-qps "many"`},
		{"none", "", map[string]string{"a/docs/raw.txt": "doc: x.json\n" + result}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for p, text := range tc.raws {
				full := filepath.Join(dir, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			pages, err := docPages(dir, tc.only)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range pages {
				for name := range p.files {
					got = append(got, p.dir+"/"+name)
				}
			}
			if slices.Sort(got); !slices.Equal(got, tc.want) {
				t.Errorf("pages %q, want %q", got, tc.want)
			}
		})
	}
}
