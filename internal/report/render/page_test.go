package render

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/pagecheck"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// pageRun describes a small run for a whole page.
type pageRun struct {
	commit  string  // the jsoncost-commit line's value; "" for none
	harness string  // the harness column: rawfmt.Floor or rawfmt.AllocRef
	spread  float64 // each round's relative step from the one before, around the median
	shortRT bool    // roundtrip costs a third of decode-struct: inconsistent
}

// text is the run's raw file: six rounds of decode-struct, encode-struct
// and roundtrip on the article's documents with the base and one faster
// codec, the harness column beside decode-struct and encode-struct (above
// the fast codec on the large document), and the noop cell.
func (p pageRun) text() string {
	var b strings.Builder
	if p.commit != "" {
		fmt.Fprintf(&b, "%s: %s\n", rawfmt.KeyCommit, p.commit)
	}
	for _, c := range []string{rawfmt.Base, "fast"} {
		b.WriteString(rawfmt.CodecConfig{Name: c, ModuleVersion: "example.com/" + c + "@v1", Category: "std", Engine: "native"}.Format() + "\n")
	}
	ns := map[string]map[string]float64{
		load.ArticleSmall: {rawfmt.Base: 400, "fast": 200, p.harness: 50},
		load.ArticleLarge: {rawfmt.Base: 4000, "fast": 2000, p.harness: 2500},
	}
	fields := map[string]float64{load.ArticleSmall: 5, load.ArticleLarge: 50}
	for round := range 6 {
		fmt.Fprintf(&b, "%s-2 1000000 2 %s 0 %s 0 %s\n", rawfmt.NoopCell.Name(), rawfmt.UnitNs, rawfmt.UnitB, rawfmt.UnitAllocs)
		step := 1 + p.spread*float64(round-3+round%2)
		for _, f := range []string{load.ArticleSmall, load.ArticleLarge} {
			for _, codec := range []string{rawfmt.Base, "fast", p.harness} {
				v := ns[f][codec]
				ops := map[string]float64{rawfmt.OpDecodeStruct: v, rawfmt.OpEncodeStruct: v / 2, rawfmt.OpRoundtrip: 1.6 * v}
				if p.shortRT {
					ops[rawfmt.OpRoundtrip] = v / 3
				}
				for op, x := range ops {
					if op == rawfmt.OpRoundtrip && codec == p.harness {
						continue
					}
					fmt.Fprintf(&b, "%s-2 100 %g %s %g %s %g %s 24 %s 3 %s\n", rawfmt.Cell{Op: op, Fixture: f, Codec: codec}.Name(),
						x*step, rawfmt.UnitNs, fields[f], rawfmt.UnitFields, 45*fields[f], rawfmt.UnitDocB, rawfmt.UnitB, rawfmt.UnitAllocs)
				}
			}
		}
	}
	return b.String()
}

// readme renders the page of a run: its README.md, and every Markdown
// file of it joined, README.md first.
func readme(t *testing.T, p Page, run pageRun) (page, all string) {
	t.Helper()
	if run.harness == "" {
		run.harness = rawfmt.Floor
	}
	if run.spread == 0 {
		run.spread = 0.01
	}
	return pageFiles(t, p, run.text())
}

// pageFiles renders the page of a raw file and checks that README.md links
// each of its other Markdown files, and that no line of them outside a table
// is over markdown.MaxLine characters (pagecheck.Overlong).
func pageFiles(t *testing.T, p Page, raw string) (page, all string) {
	t.Helper()
	p.A = analyze(t, raw, "")
	files, _, err := p.Files()
	if err != nil {
		t.Fatal(err)
	}
	page = string(files["README.md"])
	all = page
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if strings.HasSuffix(name, ".md") {
			for _, n := range pagecheck.Overlong(files[name]) {
				t.Errorf("%s:%d: line over %d characters outside a table", name, n, markdown.MaxLine)
			}
		}
		if strings.HasSuffix(name, ".md") && name != "README.md" {
			all += string(files[name])
			if !strings.Contains(page, "]("+name+")") {
				t.Errorf("README.md does not link %s", name)
			}
		}
	}
	return page, all
}

// top is the page above its first section.
func top(page string) string {
	i := strings.Index(page, "\n## ")
	if i < 0 {
		return page
	}
	return page[:i]
}

// TestPageMeaning pins what a page says about its run: which page it is,
// from which raw file, whether that run came from a committed tree, what
// its harness columns measure, and that it states no finding when its
// consistency checks fail or its intervals are too wide.
func TestPageMeaning(t *testing.T) {
	machine := Page{Machine: "linux-amd64-x", Raw: "raw/20261130T000000Z.txt"}
	runPage := Page{Machine: "linux-amd64-x", Raw: "../../raw/20261130T000000Z.txt", RunPage: true}
	const committed = "1a2b3c4d5e6f"
	findingSections := []string{"## Findings", "## Which configuration for me", "| document | rank |", "| operation | base | document |"}
	tests := []struct {
		name      string
		page      Page
		run       pageRun
		want, not []string // in the page
		wantTop   []string // above its first section
	}{
		{
			name: "the machine page",
			page: machine,
			run:  pageRun{commit: committed},
			wantTop: []string{
				"# jsoncost results: linux-amd64-x\n",
				"Timed by the older meter (independent samples with the collector running inside them, no GC axis): not the answer for today's Go",
				"built by `make report` from [raw/20261130T000000Z.txt](raw/20261130T000000Z.txt) (6 rounds) alone",
				"\n| operation | base | document | fastest std (rank) | faster | fastest of all | faster |\n",
				"\n| `decode-struct` | encoding-json | " + load.ArticleSmall + " | fast (1) | 2.00× [",
			},
			want: append([]string{"## Harness overhead", "## Faster than the floor", floorText,
				"\n## Contents\n\n- [Which configuration for me](#which-configuration-for-me)\n  - [Per call or per field](#per-call-or-per-field)\n",
				"(encoding-json unless named), its cost model and tables: [`decode-struct`](ops/decode-struct.md) · ", "# `decode-struct`: jsoncost results, linux-amd64-x\n",
				"| " + rawfmt.OpDecodeStruct + " | " + load.ArticleLarge + " | fast |", " | 24 B | 3 | std |", "## Tables and charts", "charts/"}, findingSections...),
			not: []string{"Not from a committed tree", "[Machine page](../../README.md).", "allocation reference", "Consistency checks failed", "Too imprecise", "leaves out the benchstat tables"},
		},
		{
			name: "a run page",
			page: runPage,
			run:  pageRun{commit: committed},
			wantTop: []string{
				"# jsoncost results: linux-amd64-x, full run of 2026-11-30 00:00:00 UTC\n",
				"from [raw/20261130T000000Z.txt](../../raw/20261130T000000Z.txt) (6 rounds) alone",
				"[Machine page](../../README.md).",
			},
			not: []string{"Not from a committed tree"},
		},
		{
			name: "an older full run's page",
			page: Page{Machine: "linux-amd64-x", Raw: "../../raw/20261130T000000Z.txt", RunPage: true, Archived: true},
			run:  pageRun{commit: committed},
			want: []string{"# `decode-struct`: jsoncost results, linux-amd64-x, full run of", "The machine page is built from a newer full run, so this page leaves out the benchstat tables and the charts"},
			not:  []string{"## Tables and charts", "tables/", "charts/"},
		},
		{
			name:    "a run from a tree with changes",
			page:    machine,
			run:     pageRun{commit: committed + rawfmt.DirtySuffix},
			wantTop: []string{"**Not from a committed tree.**", "`" + committed + rawfmt.DirtySuffix + "`, a tree with uncommitted changes"},
		},
		{
			name:    "a run page from a tree with changes",
			page:    runPage,
			run:     pageRun{commit: committed + rawfmt.DirtySuffix},
			wantTop: []string{"**Not from a committed tree.**"},
		},
		{
			name:    "a run without a commit",
			page:    machine,
			wantTop: []string{"**Not from a committed tree.**", "records no commit"},
		},
		{
			name: "an old run's allocation reference",
			page: machine,
			run:  pageRun{commit: committed, harness: rawfmt.AllocRef},
			want: []string{allocRefText, "## Harness overhead", "There are no " + rawfmt.Floor + " results: this run predates the floor"},
			not:  []string{"## Faster than the floor", "do less than read", floorText, "| " + rawfmt.AllocRef + " |"},
		},
		{
			name:    "failed consistency checks",
			page:    machine,
			run:     pageRun{commit: committed, shortRT: true},
			wantTop: []string{"**Consistency checks failed.**", "- decode-struct ≤ roundtrip fails on 4 of 4 pairs: decode-struct/fields-0005/encoding-json 400 ns"},
			want:    []string{"Withheld: see the top of the ["},
			not:     findingSections,
		},
		{
			name:    "intervals too wide to rank",
			page:    machine,
			run:     pageRun{commit: committed, spread: 0.2},
			wantTop: []string{"**Too imprecise to rank.** The median 95% interval of its ", "\nA tenth of its samples are below 0."},
			want:    []string{"Rerun on a quieter machine.\n\n## Contents\n", "Withheld: see the top of the [", "Other work on the host slowed this run (see the samples column)"},
			not:     findingSections,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, all := readme(t, tt.page, tt.run)
			head, all := flat(top(page)), flat(all)
			for _, w := range tt.wantTop {
				if !strings.Contains(head, flat(w)) {
					t.Errorf("the top of the page lacks %q:\n%s", w, top(page))
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(all, flat(w)) {
					t.Errorf("the page lacks %q", w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(all, flat(w)) {
					t.Errorf("the page has %q", w)
				}
			}
		})
	}
}

// floorText and allocRefText open what the run says of the harness columns.
var (
	floorText    = "The floor, `" + rawfmt.Floor + "`, is no codec: it does the least work the operation cannot avoid"
	allocRefText = "`" + rawfmt.AllocRef + "` is no codec and no floor: this run predates the floor"
)
