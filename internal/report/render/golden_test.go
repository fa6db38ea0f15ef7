package render

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

var update = flag.Bool("update", false, "rewrite the pages under testdata/ from their raw files")

// TestGolden renders the page of each machine under testdata/, a results
// directory in small whose raw files are cut from real runs: older, a run
// of the older meter with an instruction count; paired, a run of the paired
// meter with its GC harness; quick, a paired run of too few rounds to rank.
// Every Markdown page and model.csv (Page.pages: no benchstat table, no
// chart) must be the file beside raw/, byte for byte, and no other file
// may be there; go test -update writes them.
func TestGolden(t *testing.T) {
	machines, err := load.Machines("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range machines {
		t.Run(m.ID, func(t *testing.T) {
			r, err := load.Load(m.Raws[0])
			if err != nil {
				t.Fatal(err)
			}
			files, _, err := Page{Machine: m.ID, Raw: path.Join(load.RawDir, r.Raw.File), A: model.Analyze(r)}.pages()
			if err != nil {
				t.Fatal(err)
			}
			for name, got := range files {
				file := filepath.Join(m.Dir, filepath.FromSlash(name))
				if *update {
					if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(file, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Errorf("%v: run go test -update", err)
					continue
				}
				if line, w, g := firstDiff(want, got); line > 0 {
					t.Errorf("%s:%d: differs from what the page is now (go test -update writes it):\nwant %s\ngot  %s", file, line, w, g)
				}
			}
			filepath.WalkDir(m.Dir, func(p string, d fs.DirEntry, err error) error {
				rel, _ := filepath.Rel(m.Dir, p)
				if err == nil && !d.IsDir() && files[filepath.ToSlash(rel)] == nil && !strings.HasPrefix(rel, load.RawDir+string(filepath.Separator)) {
					t.Errorf("%s is no page of the run: remove it", p)
				}
				return err
			})
		})
	}
}

// firstDiff is the first line where want and got differ, numbered from 1,
// and the two lines; 0 when they are equal.
func firstDiff(want, got []byte) (int, string, string) {
	if bytes.Equal(want, got) {
		return 0, "", ""
	}
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(w), len(g)) {
		if i >= len(w) || i >= len(g) || w[i] != g[i] {
			return i + 1, at(w, i), at(g, i)
		}
	}
	return len(w), "", ""
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end of file)"
}
