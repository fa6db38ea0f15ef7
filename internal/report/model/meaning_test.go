package model

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
)

// sampled is one cell and its samples: ns/op each, B/op and allocs/op
// constant.
type sampled struct {
	cell      rawfmt.Cell
	ns        []float64
	b, allocs float64
}

// loadSamples loads a raw file holding exactly the given samples.
func loadSamples(t *testing.T, cells []sampled) *load.Run {
	t.Helper()
	var b strings.Builder
	for _, c := range cells {
		for _, v := range c.ns {
			fmt.Fprintf(&b, "%s-2 100 %g %s %g %s %g %s\n", c.cell.Name(), v, rawfmt.UnitNs, c.b, rawfmt.UnitB, c.allocs, rawfmt.UnitAllocs)
		}
	}
	return loadtest.Load(t, rawfmt.KindFull, b.String())
}

// repeat is n samples around v, spread by ±spread relative.
func repeat(v, spread float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v * (1 + spread*float64(i%3-1))
	}
	return out
}

// Standings rank by the median, not the mean, and read allocs/op and B/op
// from their own units.
func TestStandingsMeaning(t *testing.T) {
	cell := func(codec string) rawfmt.Cell {
		return rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: load.ArticleLarge, Codec: codec}
	}
	// spiky's one slow sample puts its mean (1090) above steady's, its
	// median (100) below.
	spiky := append(repeat(100, 0, 9), 10000)
	r := loadSamples(t, []sampled{
		{cell(rawfmt.Base), repeat(400, 0.01, 10), 2400, 100},
		{cell("steady"), repeat(200, 0.01, 10), 4800, 200},
		{cell("spiky"), spiky, 240, 10},
	})
	_, s := Standings(r, rawfmt.OpDecodeMap, load.ArticleLarge)
	if got, want := places(s), "spiky:1 steady:2 "+rawfmt.Base+":3"; got != want {
		t.Errorf("standings %q, want %q (by median)", got, want)
	}
	want := map[string][3]float64{rawfmt.Base: {400, 2400, 100}, "steady": {200, 4800, 200}, "spiky": {100, 240, 10}}
	for _, x := range s {
		w := want[x.Codec]
		if x.Ns.V != w[0] || !x.B.Known() || x.B.V != w[1] || !x.Allocs.Known() || x.Allocs.V != w[2] {
			t.Errorf("%s: ns/op %g, B/op %g, allocs/op %g; want %g, %g, %g", x.Codec, x.Ns.V, x.B.V, x.Allocs.V, w[0], w[1], w[2])
		}
	}
}

// The consistency checks fail only on a part whose interval lies wholly
// above its whole's.
func TestConsistency(t *testing.T) {
	cell := func(op, fixture string) rawfmt.Cell {
		return rawfmt.Cell{Op: op, Fixture: fixture, Codec: rawfmt.Base}
	}
	const full, filtered = "es-hits-10-full", "es-hits-10-source5"
	tests := []struct {
		name   string
		cells  []sampled
		failed map[string]int // rule → pairs failed
		why    string         // how the first failed check says so begins
	}{
		{
			name: "consistent",
			cells: []sampled{
				{cell: cell(rawfmt.OpDecodeStruct, full), ns: repeat(1000, 0.01, 8)},
				{cell: cell(rawfmt.OpEncodeStruct, full), ns: repeat(600, 0.01, 8)},
				{cell: cell(rawfmt.OpRoundtrip, full), ns: repeat(1700, 0.01, 8)},
				{cell: cell(rawfmt.OpDecodeStruct, filtered), ns: repeat(150, 0.01, 8)},
			},
		},
		{
			name: "overlapping intervals are not told apart",
			cells: []sampled{
				{cell: cell(rawfmt.OpDecodeStruct, full), ns: repeat(1000, 0.05, 8)},
				{cell: cell(rawfmt.OpRoundtrip, full), ns: repeat(980, 0.05, 8)},
				{cell: cell(rawfmt.OpDecodeStruct, filtered), ns: repeat(1010, 0.05, 8)},
			},
		},
		{
			name: "a round trip cheaper than its decode and its encode",
			cells: []sampled{
				{cell: cell(rawfmt.OpDecodeStruct, full), ns: repeat(1000, 0.01, 8)},
				{cell: cell(rawfmt.OpEncodeStruct, full), ns: repeat(600, 0.01, 8)},
				{cell: cell(rawfmt.OpRoundtrip, full), ns: repeat(500, 0.01, 8)},
			},
			failed: map[string]int{"decode-struct ≤ roundtrip": 1, "encode-struct ≤ roundtrip": 1},
		},
		{
			name: "a filtered response dearer than the full one",
			cells: []sampled{
				{cell: cell(rawfmt.OpDecodeStruct, full), ns: repeat(1000, 0.01, 8)},
				{cell: cell(rawfmt.OpDecodeStruct, filtered), ns: repeat(1200, 0.01, 8)},
			},
			failed: map[string]int{"es-hits-H-source5 ≤ es-hits-H-full": 1},
			why:    "es-hits-H-source5 ≤ es-hits-H-full fails on 1 of 1 pairs: decode-struct/es-hits-10-source5/encoding-json 1.2",
		},
		{
			name: "a user's filtered document dearer than the whole",
			cells: []sampled{
				{cell: cell(rawfmt.OpDecodeStruct, "doc"), ns: repeat(1000, 0.01, 8)},
				{cell: cell(rawfmt.OpDecodeStruct, "doc"+rawfmt.FilteredSuffix), ns: repeat(1200, 0.01, 8)},
			},
			failed: map[string]int{"<doc>-filtered ≤ <doc>": 1},
			why:    "<doc>-filtered ≤ <doc> fails on 1 of 1 pairs: decode-struct/doc-filtered/encoding-json 1.2",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(loadSamples(t, tt.cells))
			got := map[string]int{}
			for _, c := range Failed(a.Checks) {
				got[c.Rule] = len(c.Failed)
			}
			if !maps.Equal(got, tt.failed) {
				t.Errorf("failed checks %v, want %v", got, tt.failed)
			}
			if f := Failed(a.Checks); tt.why != "" && !strings.HasPrefix(f[0].Why(), tt.why) {
				t.Errorf("the check says %q, want it to begin %q", f[0].Why(), tt.why)
			}
			if a.Publishes() != (len(tt.failed) == 0) {
				t.Errorf("Publishes() = %t with failed checks %v", a.Publishes(), got)
			}
		})
	}
}

// A run whose cells' median half-width is over MaxSpread is too wide to
// rank and publishes nothing; a cell without an interval does not count.
func TestSpread(t *testing.T) {
	cell := func(codec string) rawfmt.Cell {
		return rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: load.ArticleLarge, Codec: codec}
	}
	tests := []struct {
		name    string
		spreads []float64 // per codec, of ten samples
		short   bool      // a further codec with too few samples for an interval
		tooWide bool
	}{
		{"quiet", []float64{0.02, 0.03, 0.25}, true, false},
		{"noisy", []float64{0.2, 0.3, 0.02}, false, true},
	}
	for _, tt := range tests {
		var cells []sampled
		for i, sd := range tt.spreads {
			cells = append(cells, sampled{cell: cell(fmt.Sprint("c", i)), ns: repeat(1000, sd, 10)})
		}
		if tt.short {
			cells = append(cells, sampled{cell: cell("short"), ns: []float64{100, 900, 5000}})
		}
		a := Analyze(loadSamples(t, cells))
		v := a.Verdict
		if wide := v.Spread > MaxSpread; v.Cells != len(tt.spreads) || wide != tt.tooWide || a.Publishes() == tt.tooWide || (v.Why() != "") != tt.tooWide {
			t.Errorf("%s: verdict %+v, Publishes %t, %q; want too wide %t", tt.name, v, a.Publishes(), v.Why(), tt.tooWide)
		}
	}
}

// Busy tells a run whose typical samples stray from one in which a single
// cell's do.
func TestBusy(t *testing.T) {
	tests := []struct {
		name    string
		spreads []float64 // per codec, of ten samples
		busy    bool
	}{
		{"calm", []float64{0.05, 0.05, 0.05}, false},
		{"busy", []float64{0.2, 0.2, 0.2}, true},
		{"one loud cell", []float64{0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.3}, false},
	}
	for _, tt := range tests {
		var cells []sampled
		for i, sd := range tt.spreads {
			cells = append(cells, sampled{cell: rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: load.ArticleLarge, Codec: fmt.Sprint("c", i)}, ns: repeat(1000, sd, 10)})
		}
		if p := Analyze(loadSamples(t, cells)).Overall; p.Busy() != tt.busy {
			t.Errorf("%s: Overall %+v: Busy() = %t, want %t", tt.name, p, p.Busy(), tt.busy)
		}
	}
}
