package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/pagecheck"
)

// TestCommittedPagesFit checks every committed page under results/, as
// pagecheck.Pages lists them, whichever package wrote it: the machine and
// run pages (this package), the HTTP pages (internal/httpbench/httppage),
// the own-document pages (internal/owndoc/page) and the conformance tables
// (codecs/probes). No line is longer than markdown.MaxLine characters —
// prose, list items, headings and code fences alike — but the lines of a
// table (pagecheck.Overlong): a run of lines starting with "|" outside a code
// fence whose second line is a delimiter row, which GitHub renders as a
// table. A table cannot be folded in Markdown, so its width is measured where it matters, on the
// screen: internal/pagecheck's TestPagesFit opens every page of the same
// list in Chromium at 1280 px and fails on a table wider than that. A line
// starting with "|" that is not part of such a table renders as text, which
// that check does not measure, so it is held to MaxLine too.
//
// A page with a table of contents opens with its answer: the contents start
// within its first 41 lines. Whether the pages are current is
// internal/report/site's TestResultsAreCurrent.
func TestCommittedPagesFit(t *testing.T) {
	results := filepath.Join("..", "..", "..", "results")
	pages, err := pagecheck.Pages(os.DirFS(results))
	if err != nil {
		t.Fatal(err)
	}
	contents := 0
	for _, page := range pages {
		data, err := os.ReadFile(filepath.Join(results, page))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for _, n := range pagecheck.Overlong(data) {
			t.Errorf("%s:%d: line of %d characters outside a table (at most %d): %.60s…", page, n, len([]rune(lines[n-1])), markdown.MaxLine, lines[n-1])
		}
		if strings.Contains(string(data), "\n## Contents\n") {
			contents++
			if !strings.Contains(strings.Join(lines[:min(41, len(lines))], "\n"), "\n## Contents\n") {
				t.Errorf("%s: the table of contents starts after line 41: the answer above it is longer than 40 lines", page)
			}
		}
	}
	if contents == 0 {
		t.Errorf("no page with a table of contents among %q", pages)
	}
}
