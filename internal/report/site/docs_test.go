package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/owndoc/page"
)

func TestDocPages(t *testing.T) {
	t.Parallel()
	const result = "BenchmarkCodec/op=decode-struct/fixture=x/codec=encoding-json-2 1 1000 ns/op\n"
	idTitle, id := page.Dir("x", "id,title"), page.Dir("x", "id")
	withFields := func(fields string) string { return "doc: x.json\ndoc-fields: " + fields + "\n" + result }
	for _, tc := range []struct {
		name, only string
		raws       map[string]string // slash path under results: content
		want       []string          // the pages built
		notes      []string          // the pages built with a note
		err        string
	}{
		{"every machine", "", map[string]string{"a/" + idTitle + "/raw.txt": withFields("id,title"), "b/" + idTitle + "/raw.txt": withFields("id,title")},
			[]string{"a/" + idTitle + "/README.md", "b/" + idTitle + "/README.md"}, nil, ""},
		{"one machine", "b", map[string]string{"a/" + idTitle + "/raw.txt": withFields("id,title"), "b/" + idTitle + "/raw.txt": withFields("id,title")},
			[]string{"b/" + idTitle + "/README.md"}, nil, ""},
		{"one document, two FIELDS", "", map[string]string{"a/" + idTitle + "/raw.txt": withFields("id,title"), "a/" + id + "/raw.txt": withFields("id")},
			[]string{"a/" + idTitle + "/README.md", "a/" + id + "/README.md"}, nil, ""},
		{"no fields", "", map[string]string{"a/doc-x-nofields/raw.txt": "doc: x.json\n" + result}, []string{"a/doc-x-nofields/README.md"}, nil, ""},
		{"named before FIELDS counted", "", map[string]string{"a/doc-x/raw.txt": withFields("id,title")}, []string{"a/doc-x/README.md"}, []string{"a/doc-x"}, ""},
		{"not a document's", "", map[string]string{"a/doc-x/raw.txt": result}, nil, nil, "a/doc-x: raw.txt: no doc line"},
		{"bad value", "", map[string]string{"a/doc-x/raw.txt": "doc: x.json\ndoc-qps: many\n" + result}, nil, nil, `doc-qps "many"`},
		{"none", "", map[string]string{"a/docs/raw.txt": "doc: x.json\n" + result}, nil, nil, ""},
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
			var got, noted []string
			for _, p := range pages {
				for name := range p.files {
					got = append(got, p.dir+"/"+name)
				}
				if len(p.notes) > 0 {
					noted = append(noted, p.dir)
					if !strings.Contains(p.notes[0], "belongs in "+idTitle) {
						t.Errorf("%s: note %q names no directory %s", p.dir, p.notes[0], idTitle)
					}
				}
			}
			slices.Sort(got)
			if want := slices.Sorted(slices.Values(tc.want)); !slices.Equal(got, want) {
				t.Errorf("pages %q, want %q", got, want)
			}
			if !slices.Equal(noted, tc.notes) {
				t.Errorf("pages with a note %q, want %q", noted, tc.notes)
			}
		})
	}
}
