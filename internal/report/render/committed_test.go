package render

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// writtenElsewhere are the pages under results/ that other packages write:
// the HTTP pages (internal/httpbench/httppage) and the own-document pages
// (internal/owndoc/page), whose prose lines are theirs to wrap, and the
// conformance tables (codecs/probes, results/conformance/), theirs whole.
var (
	writtenElsewhere = regexp.MustCompile(`^[^/]+/(http|doc-[^/]+)/`)
	conformance      = "conformance/"
)

// TestCommittedPagesFit checks the Markdown files under results/ but the
// conformance tables: no table line is wider than MaxLine characters (wider
// ones scroll sideways on GitHub), and on the pages this package writes no
// other line outside a code fence is either. A page with a table of contents opens with its
// answer: the contents start within its first 41 lines. Whether the pages are current
// is scripts/report's TestCommittedResultsAreCurrent.
func TestCommittedPagesFit(t *testing.T) {
	results := filepath.Join("..", "..", "..", "results")
	var pages []string
	err := filepath.WalkDir(results, func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	contents := 0
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(results, page)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, conformance) {
			continue
		}
		ours := !writtenElsewhere.MatchString(rel)
		lines := strings.Split(string(data), "\n")
		fenced := false
		for i, line := range lines {
			if strings.HasPrefix(line, "```") {
				fenced = !fenced
			}
			table := strings.HasPrefix(line, "|")
			if n := len([]rune(line)); n > MaxLine && (table || ours && !fenced) {
				t.Errorf("%s:%d: line of %d characters (at most %d): %.60s…", rel, i+1, n, MaxLine, line)
			}
		}
		if strings.Contains(string(data), "\n## Contents\n") {
			contents++
			if !strings.Contains(strings.Join(lines[:min(41, len(lines))], "\n"), "\n## Contents\n") {
				t.Errorf("%s: the table of contents starts after line 41: the answer above it is longer than 40 lines", rel)
			}
		}
	}
	if contents == 0 {
		t.Errorf("no page with a table of contents among %q", pages)
	}
}
