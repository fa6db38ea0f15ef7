package model

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
)

func TestSpearman(t *testing.T) {
	tests := []struct {
		name string
		x, y []float64
		want float64
	}{
		{"same order", []float64{1, 5, 9, 30}, []float64{2, 3, 100, 101}, 1},
		{"reversed", []float64{1, 2, 3, 4}, []float64{9, 7, 5, 1}, -1},
		// IQ against hours of television a week, a textbook example: ρ = −29/165.
		{"no ties", []float64{106, 100, 86, 101, 99, 103, 97, 113, 112, 110}, []float64{7, 27, 2, 50, 28, 29, 20, 12, 6, 17}, -29.0 / 165},
		// Ties take the mean of their ranks: x ranks 1, 2.5, 2.5, 4.
		{"ties", []float64{1, 2, 2, 3}, []float64{1, 2, 3, 4}, 0.9486832980505138},
		{"too few", []float64{1, 2}, []float64{1, 2}, math.NaN()},
		{"constant", []float64{1, 1, 1}, []float64{1, 2, 3}, math.NaN()},
	}
	for _, tt := range tests {
		got := Spearman(tt.x, tt.y)
		if math.IsNaN(tt.want) != math.IsNaN(got) || math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: ρ = %g, want %g", tt.name, got, tt.want)
		}
	}
}

// instrText is an instruction count of decode-map: exact, one value per
// cell, no sizes of its own.
func instrText(counts map[string]map[string]float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: off\n%s %s %s\n", rawfmt.KeyGOGC, rawfmt.UnitMetadata, rawfmt.UnitInstr, rawfmt.AssumeExact)
	for fixture, codecs := range counts {
		for codec, v := range codecs {
			fmt.Fprintf(&b, "%s-1 5000 %g %s\n", rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: fixture, Codec: codec}.Name(), v, rawfmt.UnitInstr)
		}
	}
	return b.String()
}

// Instruction counts get the time curves' fit, sized by the full run, with
// exact intervals, and their rank agreement with the full run's times.
func TestInstructions(t *testing.T) {
	times := map[string]map[string]float64{}
	counts := map[string]map[string]float64{}
	for _, n := range sweep {
		f := fmt.Sprintf("fields-%04.0f", n)
		times[f] = map[string]float64{rawfmt.Base: 300 + 250*n, "fast": 100 + 60*n, "slow": 500 + 400*n}
		// The counts rank as the times do, but not at 1 field, where fast's
		// call counts more than the base's, nor where fast's counts outgrow
		// the base's.
		counts[f] = map[string]float64{rawfmt.Base: 2000 + 900*n, "fast": 2950 + 300*math.Pow(n, 1.2), "slow": 3000 + 1500*n}
	}
	counts["fields-0200"]["slow"] = 1e4 // the least agreement, after others
	full := loadCells(t, times)
	in := loadtest.Load(t, rawfmt.KindInstr, instrText(counts))
	if !in.Exact(rawfmt.UnitInstr) || in.Exact(rawfmt.UnitNs) {
		t.Fatal("the Unit line does not make instructions/op, and only it, exact")
	}
	ops := Instructions(full, in)
	if len(ops) != 1 || len(ops[0].Fits) != 3 {
		t.Fatalf("instruction analysis %+v, want decode-map with three codecs", ops)
	}
	op := ops[0]
	for _, f := range op.Fits {
		res := f.Fit
		if !res.OK() || res.Fit.Points != len(sweep) {
			t.Fatalf("%s: %+v, want a fit of every fields-* point", f.Codec, res)
		}
		if c := res.Fit.Coef[0]; c.Lo != c.V || c.Hi != c.V {
			t.Errorf("%s: call %+v, want an exact interval", f.Codec, c)
		}
	}
	if fast := op.Fits[1].Fit; fast.Fit.Form != Power || math.Abs(fast.K.V-1.2) > kPrecision {
		t.Errorf("fast: %s with k = %g, want the power form with k = 1.2", fast.Fit.Form, fast.K.V)
	}
	rk := op.Agreement
	if rk.Cells != 3*len(sweep) || !(rk.Rho > 0.9 && rk.Rho < 1) {
		t.Errorf("rank agreement %+v, want nearly 1 over %d cells", rk, 3*len(sweep))
	}
	if rk.Fixtures != len(sweep) || rk.Median != 1 || rk.Least != -0.5 || rk.LeastFixture != "fields-0200" {
		t.Errorf("per-fixture agreement %+v, want a median of 1 over %d fixtures and -0.5 at fields-0200", rk, len(sweep))
	}
}
