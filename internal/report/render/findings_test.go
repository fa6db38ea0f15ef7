package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// sweep is the number of fields of the fields-* fixtures.
var sweep = []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000}

// curve is a codec's ns/op against fields.
type curve func(n float64) float64

func line(a, b float64) curve { return func(n float64) float64 { return a + b*n } }

// bump is c, 25% dearer at n fields.
func bump(c curve, at float64) curve {
	return func(n float64) float64 {
		if n == at {
			return 1.25 * c(n)
		}
		return c(n)
	}
}

// synthRaw is a raw file of six rounds of decode-map and decode-struct over
// the fields-* sweep, with the given curves, each round 1% above the one
// before.
func synthRaw(codecs map[string]curve) string { return synthRounds(codecs, 6) }

// synthRounds is synthRaw with the given number of rounds.
func synthRounds(codecs map[string]curve, rounds int) string {
	var b strings.Builder
	for round := range rounds {
		for _, op := range []string{rawfmt.OpDecodeMap, rawfmt.OpDecodeStruct} {
			for codec, c := range codecs {
				for _, n := range sweep {
					cell := rawfmt.Cell{Op: op, Fixture: fmt.Sprintf("fields-%04.0f", n), Codec: codec}
					fmt.Fprintf(&b, "%s-2 100 %g %s %g %s %g %s\n", cell.Name(), c(n)*(1+0.01*float64(round)), rawfmt.UnitNs,
						n, rawfmt.UnitFields, 35*n, rawfmt.UnitDocB)
				}
			}
		}
	}
	return b.String()
}

// analyze loads a raw file of the given kind, with an instruction count
// when instr is not empty, and analyses it.
func analyze(t *testing.T, text, instr string) *model.Analysis {
	t.Helper()
	dir := t.TempDir()
	full := loadtest.Write(t, dir, rawfmt.KindFull, text)
	if instr != "" {
		in := loadtest.Write(t, dir, rawfmt.KindInstr, instr)
		full.Instr = &in
	}
	r, err := load.Load(full)
	if err != nil {
		t.Fatal(err)
	}
	return model.Analyze(r)
}

// Findings explain a low growth by a fixed per-call cost, and leave out
// what a flagged fit says and effects smaller than their interval.
func TestFindings(t *testing.T) {
	base, fixed := line(300, 250), line(5000, 100)
	explained := "fixed's is low because of a fixed per-call cost: "
	tests := []struct {
		name     string
		codecs   map[string]curve
		want     []string
		not      []string
		resolved string // a row of the cost model table
	}{
		{
			name:   "clean fits",
			codecs: map[string]curve{rawfmt.Base: base, "fixed": fixed},
			want: []string{
				"decode-map grows 8.26× [", "from 1.82× (fixed) to 8.26× (encoding-json) — " + explained + "91% [", "] of its time at 5 fields.",
				"encoding-json decode-struct costs 308 ns [", "per call (fitted as a + b·n, largest residual 0.0%): the call is 19% [",
				"] of its time at 5 and 2.3% [2.3, 2.4] at 50 fields.",
			},
			resolved: "| fixed | a + 102·n | 5125 [",
		},
		{
			name:   "a flagged fit says nothing",
			codecs: map[string]curve{rawfmt.Base: bump(base, 10), "fixed": bump(fixed, 20)},
			want:   []string{"decode-map grows 8.26× [", "from 1.82× (fixed)"},
			not:    []string{explained, "encoding-json decode-struct costs"},
		},
		{
			name:     "a negative call cost is not resolved",
			codecs:   map[string]curve{rawfmt.Base: line(-150, 170), "fixed": fixed},
			resolved: "| encoding-json | a + 174·n | not resolved |",
			not:      []string{"encoding-json decode-struct costs"},
		},
		{
			name:   "an effect within its interval is no finding",
			codecs: map[string]curve{rawfmt.Base: line(1000, 1), "fixed": line(1000, 0.5)},
			not:    []string{"decode-map grows", "decode-struct grows", "faster than"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := analyze(t, synthRaw(tt.codecs), "")
			found, err := findings(a)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(found, "\n")
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("findings lack %q:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("findings hold %q:\n%s", n, got)
				}
			}
			if tt.resolved != "" {
				d := pagesOf(t, Page{A: a})["ops/decode-map.md"]
				if !strings.Contains(d, tt.resolved) {
					t.Errorf("cost model lacks %q:\n%s", tt.resolved, d)
				}
			}
		})
	}
}

// A flagged fit is marked in the cost model.
func TestCostModelFlags(t *testing.T) {
	a := analyze(t, synthRaw(map[string]curve{rawfmt.Base: bump(line(300, 250), 10)}), "")
	d := pagesOf(t, Page{A: a})["ops/decode-map.md"]
	if want := "19% (fields-0010) ⚠ |"; !strings.Contains(d, want) {
		t.Errorf("cost model lacks %q:\n%s", want, d)
	}
}

// A run of fewer rounds than a median needs for an interval ranks nothing
// and states no finding, and says so at the top; one round more and it does.
func TestTooFewRounds(t *testing.T) {
	codecs := map[string]curve{rawfmt.Base: line(300, 250), "fixed": line(5000, 100)}
	withheld := "**Too imprecise to rank.** 40 of 40 figures have too few samples for a 95% interval, which a median needs 6 for."
	for _, tt := range []struct {
		rounds    int
		want, not []string
	}{
		{model.MinMedianSamples - 1, []string{withheld}, []string{"## Findings", "decode-map grows"}},
		{model.MinMedianSamples, []string{"## Findings", "decode-map grows 8.26× ["}, []string{"Too imprecise", "Withheld"}},
	} {
		t.Run(fmt.Sprint(tt.rounds), func(t *testing.T) {
			a := analyze(t, synthRounds(codecs, tt.rounds), "")
			if a.Publishes() != (tt.rounds >= model.MinMedianSamples) {
				t.Errorf("%d rounds: Publishes() = %v", tt.rounds, a.Publishes())
			}
			files, _, err := Page{Machine: "m", A: a, Raw: "raw/" + a.Run.Raw.File}.Files()
			if err != nil {
				t.Fatal(err)
			}
			page := flat(string(files["README.md"]))
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %q:\n%s", w, page)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(page, n) {
					t.Errorf("the page holds %q", n)
				}
			}
		})
	}
}
