package page

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/pagecheck"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/tmplcheck"
)

// A cell is one cell of a synthetic run: its median ns/op.
type cell struct {
	op, fixture, codec string
	ns                 float64
}

// cells are the medians of a synthetic run that holds together.
var cells = []cell{
	{"decode-struct", "doc", "encoding-json", 1000},
	{"decode-struct", "doc", "goccy", 500},
	{"decode-struct", "doc", "sonic-default", 250},
	{"decode-struct", "doc", "json-v2", 800},
	{"decode-struct", "doc-filtered", "encoding-json", 100},
	{"decode-struct", "doc-filtered", "goccy", 50},
	{"decode-proj", "doc", "encoding-json", 400},
	{"decode-proj", "doc", "goccy", 200},
	{"get5", "doc", "gjson", 150},
	{"roundtrip", "doc", "encoding-json", 2000},
	{"encode-struct", "doc", "encoding-json", 900},
	{"encode-struct", "doc", "goccy", 300},
}

// configs are the codec lines of a synthetic run.
var configs = []rawfmt.CodecConfig{
	{Name: "encoding-json", Category: "std", HasSkips: true},
	{Name: "goccy", Category: "std", HasSkips: true},
	{Name: "sonic-default", Category: "fast", Skips: []string{"HTML escaping", "map key sorting"}, HasSkips: true},
	{Name: "json-v2", Category: "v2", Skips: []string{"HTML escaping"}, HasSkips: true},
	{Name: "gjson", Category: "fast", Skips: []string{"validation of the document"}, HasSkips: true},
}

// synthetic writes a raw file with six rounds of cells, every round the
// same but for a 1% wobble, and reads it back.
func synthetic(t *testing.T) *load.Run { return syntheticRun(t, cells, 6, 0.01) }

// syntheticRun writes a raw file with rounds of cs, round r's times off
// the medians by wobble × (r mod 3 − 1), and reads it back. The document
// is 5000 B with 100 values, the filtered one 500 B with 10.
func syntheticRun(t *testing.T, cs []cell, rounds int, wobble float64) *load.Run {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "%s: linux-amd64-test\n%s: 40ms\ncpu: Test CPU\n", rawfmt.KeyMachine, rawfmt.KeyBenchtime)
	for _, c := range configs {
		c.ModuleVersion, c.Engine = "example.com/"+c.Name+"@v1", "native"
		if !c.HasSkips { // a run made before raw files held skips lines
			fmt.Fprintf(&b, "%s: %s\n", c.Key(), c.Value())
			continue
		}
		fmt.Fprintln(&b, c.Format())
	}
	for round := range rounds {
		w := 1 + wobble*float64(round%3-1)
		for _, c := range cs {
			size, fields := 5000, 100
			if c.fixture == "doc-filtered" {
				size, fields = 500, 10
			}
			fmt.Fprintf(&b, "%s-2 1000 %g ns/op %d %s %d %s 64 B/op 2 allocs/op\n",
				rawfmt.Cell{Op: c.op, Fixture: c.fixture, Codec: c.codec}.Name(), c.ns*w, size, rawfmt.UnitDocB, fields, rawfmt.UnitFields)
		}
	}
	path := filepath.Join(t.TempDir(), "raw.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	run, err := load.Load(load.Raw{Path: path, File: "raw.txt"})
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// TestRender checks that the page's sentences say what the numbers give.
func TestRender(t *testing.T) {
	info := Info{
		Doc: "doc.json", Name: "doc", Filtered: "doc-filtered", Samples: 1, Compacted: true,
		Fields: []string{"id", "price.amount"}, QPS: 2000, PerRequest: 10,
		Failures: []Failure{{rawfmt.Cell{Op: "decode-map", Fixture: "doc", Codec: "jsoniter-fastest"}, "sample 1: differs"}},
		Command:  "make bench-doc DOC=doc.json", RawFile: "raw.txt",
	}
	page, err := Render(synthetic(t), info)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, page)
	for _, want := range []string{
		"The document holds one object: 5000 B and 100 scalar values, compact.",
		"the benchmark uses its compact form",
		"The client uses `id`, `price.amount`. Filtered to them, as Elasticsearch's `_source_includes` returns it, the document is 500 B with 10 scalar values: 10% of its bytes.",
		"**decode-struct** (decoding the document into its struct): encoding-json takes 1.00 µs [0.990, 1.01].",
		"The fastest `std` configuration (same bytes and behaviour as encoding/json) is goccy: 500 ns [495, 505], 2.00× [1.97, 2.03] as fast as encoding-json.",
		"The fastest overall is sonic-default (`fast`): 250 ns [248, 252], 4.00× [3.94, 4.06] as fast as encoding-json; it gives up HTML escaping; map key sorting.",
		"**encode-struct** (encoding it from its struct): encoding-json takes 900 ns [891, 909]. The fastest `std` configuration (same bytes and behaviour as encoding/json) is goccy: 300 ns [297, 303], 3.00× [2.96, 3.05] as fast as encoding-json. It is also the fastest overall.",
		"Server-side filtering (Elasticsearch `_source_includes`) saves 90% [90, 90] of that: the filtered document decodes in 100 ns [99.0, 101].",
		"client-side projection (decoding the whole document into a struct of only these fields) saves 60% [59, 61], taking 400 ns [396, 404], 4.00× [3.94, 4.06] the time of the filtered decode.",
		"The fastest lazy get, gjson (`fast`), reads the fields in 150 ns [148, 152] without decoding the rest: it saves 85% [85, 85] against the full decode and takes 1.50× [1.48, 1.52] the time of the filtered decode with encoding-json.",
		"The cheapest way to read the fields from the whole document is lazy get with gjson (`fast`): 150 ns [148, 152].",
		"With server-side filtering, the fastest decode of the filtered document is goccy's (`std`): 50.0 ns [49.5, 50.5].",
		"| goccy | `std` | 500 ns | 50.0 ns (−90%) | 200 ns (−60%) | — |",
		"## CPU at 2000 requests/s",
		"At 2000 requests/s with 10 documents each, 20000 documents/s (given), decoding every document whole with encoding-json keeps 0.0200 [0.0198, 0.0202] cores busy.",
		"Decoding and encoding it again (roundtrip) takes 0.0400 [0.0396, 0.0404] cores.",
		"The cheapest option measured, server-side filtering with goccy, takes 0.00100 [0.00099, 0.00101] cores and saves 0.0190 [0.0188, 0.0192] against that.",
		"| full decode | encoding-json | `std` | 0.0200 [0.0198, 0.0202] | — |",
		"- decode-map on `doc` with jsoniter-fastest: sample 1: differs\n",
		"| sonic-default | `fast` | 250 ns [248, 252] | 4.00× [3.94, 4.06] | — | 64 | 2 |",
		"6 rounds of every cell",
	} {
		if !strings.Contains(flat(string(page)), flat(want)) {
			t.Errorf("the page does not say\n\t%s\npage:\n%s", want, page)
		}
	}
}

// TestRenderOldRun: a run without skips lines says so, rather than borrow
// what today's registry declares, and one without the gate's refusals
// says that it lacks them.
func TestRenderOldRun(t *testing.T) {
	saved := configs
	defer func() { configs = saved }()
	configs = slices.Clone(configs)
	for i := range configs {
		configs[i].HasSkips = false
	}
	page, err := Render(synthetic(t), Info{Name: "doc", Filtered: "doc-filtered", Samples: 1, PerRequest: 1, Unrecorded: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"The fastest overall is sonic-default (`fast`): 250 ns [248, 252], 4.00× [3.94, 4.06] as fast as encoding-json; this run did not record what it gives up.",
		"The raw file, from an older make bench-doc, does not say which cells failed it, nor what was noted about the input.",
	} {
		if !strings.Contains(flat(string(page)), flat(want)) {
			t.Errorf("the page does not say\n\t%s\npage:\n%s", want, page)
		}
	}
}

// TestRenderDefaultRate checks the rate used when none is given.
func TestRenderDefaultRate(t *testing.T) {
	page, err := Render(synthetic(t), Info{Name: "doc", Filtered: "doc-filtered", Samples: 2, PerRequest: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"2 objects, measured in turn",
		"At 1000 requests/s (no QPS was given), decoding every document whole with encoding-json keeps 0.00100 [0.00099, 0.00101] cores busy.",
		"Every cell above passed the correctness gate",
	} {
		if !strings.Contains(flat(string(page)), flat(want)) {
			t.Errorf("the page does not say %q", want)
		}
	}
	if strings.Contains(string(page), "## What asking for only the fields saves") {
		t.Error("the page has a fields section without fields")
	}
}

// maxTableLine is the longest table row the results pages may hold, in
// characters, so that GitHub shows a table without scrolling.
const maxTableLine = 160

// checkLines fails on a table row longer than maxTableLine and on any other
// line longer than markdown.MaxLine.
func checkLines(t *testing.T, page []byte) {
	t.Helper()
	lines := strings.Split(string(page), "\n")
	for i, line := range lines {
		if n := len([]rune(line)); strings.HasPrefix(line, "|") && n > maxTableLine {
			t.Errorf("line %d: table row of %d characters (at most %d): %.60s…", i+1, n, maxTableLine, line)
		}
	}
	for _, n := range pagecheck.Overlong(page) {
		t.Errorf("line %d: %d characters outside a table (at most %d): %.60s…", n, len([]rune(lines[n-1])), markdown.MaxLine, lines[n-1])
	}
}

// flat is s with each run of white space one space, so that a sentence reads
// the same wherever markdown.Wrap broke its line.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestTemplateCheck: page.tmpl names only what exists on the page, on every
// branch (tmplcheck.Check).
func TestTemplateCheck(t *testing.T) {
	tmplcheck.Check(t, pageTemplate, pageFuncs, map[string]any{"page": &page{}})
}

// TestFastest: the fastest std configuration is the fastest of category
// std, passing over faster ones of other categories (json-v2 is v2).
func TestFastest(t *testing.T) {
	tests := []struct {
		name     string
		cells    []cell
		std, all string
	}{
		{"goccy fastest std", cells, "goccy", "sonic-default"},
		{"json-v2 faster than goccy", with("decode-struct", "doc", "json-v2", 400), "goccy", "sonic-default"},
		{"json-v2 fastest of all", with("decode-struct", "doc", "json-v2", 100), "goccy", "json-v2"},
		{"encoding-json fastest std", with("decode-struct", "doc", "goccy", 1200), "encoding-json", "sonic-default"},
	}
	for _, tt := range tests {
		p := &page{Run: syntheticRun(t, tt.cells, 6, 0.01), Info: Info{Name: "doc", Filtered: "doc-filtered"}}
		if std, all := p.fastest("decode-struct", false, true), p.fastest("decode-struct", false, false); std != tt.std || all != tt.all {
			t.Errorf("%s: fastest std %q, of all %q; want %q, %q", tt.name, std, all, tt.std, tt.all)
		}
	}
}
