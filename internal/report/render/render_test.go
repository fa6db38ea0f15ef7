package render

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

func TestMarkup(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{csvFloat(math.Inf(1)), ""},
		{Link{"a<b>", "x/README.md"}.String(), "[a&lt;b&gt;](x/README.md)"},
		{Link{"a&b", "a b/(c)|<d>.md"}.String(), "[a&amp;b](a%20b/%28c%29%7C%3Cd%3E.md)"},
		{Link{"m", "http:x/README.md"}.String(), "[m](./http:x/README.md)"},
		{fence("go run ./scripts/bench"), "```"},
		{fence("a ```` b `` c"), "`````"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestIndex(t *testing.T) {
	full := load.Raw{File: "f.txt", Name: rawfmt.RawName{Kind: rawfmt.KindFull}}
	quick := load.Raw{File: "q.txt", Name: rawfmt.RawName{Kind: rawfmt.KindQuick}}
	page, q := &load.Run{Raw: full}, &load.Run{Raw: quick}
	got, err := Index([]IndexMachine{
		{ID: "m&1", Newest: q, Runs: []IndexRun{{Run: q, Err: errors.New("same <second>")}}},
		{ID: "m2"},
		{ID: "a <b>", Page: page, Newest: page, Runs: []IndexRun{{Run: page, Page: "a <b>/README.md"}}},
		{ID: "m3", Newest: q, Runs: []IndexRun{{Run: q, Page: "m3/runs/q/README.md"}}},
	}, []string{"conformance"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| m&amp;1 | ",
		"| quick | — | older | unusable: same &lt;second&gt; ([raw file](m&amp;1/raw/q.txt)) |",
		"| m2 | — | — | no raw files |",
		"| [a &lt;b&gt;](a%20%3Cb%3E/README.md) | — | — | f.txt |",
		"| full | — | older | [page](a%20%3Cb%3E/README.md) |",
		"| [m3](m3/README.md) | — | — | none: no full run |",
		"| quick | — | older | [page](m3/runs/q/README.md) |",
		"- [conformance](conformance/README.md)",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("index lacks %q:\n%s", want, got)
		}
	}
	if strings.HasSuffix(string(got), "\n\n") {
		t.Error("index ends in a blank line")
	}
}

// sectionText is the section name executed on view; an error fails the test.
func sectionText(t *testing.T, name string, view any) string {
	t.Helper()
	b, err := section(name, view)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pagesOf renders the Markdown pages and model.csv of p (Page.pages), by path.
func pagesOf(t *testing.T, p Page) map[string]string {
	t.Helper()
	files, _, err := p.pages()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for name, b := range files {
		out[name] = string(b)
	}
	return out
}

// flat is s with every run of white space one space, so that a test finds a
// sentence however markdown.Wrap folded it.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
