package model

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"golang.org/x/perf/benchmath"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// HalfWidth is benchstat's "± x%".
func TestHalfWidthIsBenchstats(t *testing.T) {
	for _, vals := range [][]float64{
		{100, 101, 102, 103, 104, 105},
		{100, 100, 100, 100, 100, 170},
		{50, 90, 100, 100, 101, 102},
		{7, 7, 7, 7, 7, 7},
		{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
	} {
		h, ok := HalfWidth(Summarize(vals))
		want := benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(vals), &benchmath.DefaultThresholds), Confidence).PctRangeString()
		if got := fmt.Sprintf("%.0f%%", 100*h); !ok || got != want {
			t.Errorf("HalfWidth(%v) = %s, %t; benchstat prints ±%s", vals, got, ok, want)
		}
	}
	if _, ok := HalfWidth(Summarize([]float64{1, 2, 3})); ok {
		t.Error("three samples gave a finite half-width")
	}
	if s := Summarize(nil); s.Known() || s.HasCI {
		t.Errorf("no samples summarised as %+v, want no value", s)
	}
}

// Precise takes the fields-* cells alone, with their medians, 90th
// percentiles and wide cells; cells without an interval are counted apart.
func TestPrecise(t *testing.T) {
	r := loadCells(t, map[string]map[string]float64{
		load.ArticleSmall: {rawfmt.Base: 500, "lazy": 40},
		load.ArticleLarge: {rawfmt.Base: 5000, "lazy": 400},
		"bytes-0001k":     {rawfmt.Base: 9000},
	})
	ps := Precise(r)
	if len(ps) != 2 || ps[0].Op != rawfmt.OpDecodeMap || ps[1].Op != AllOps {
		t.Fatalf("precision %+v, want decode-map and all operations", ps)
	}
	if all := ps[1]; all.Cells != ps[0].Cells || all.Median != ps[0].Median || all.P90 != ps[0].P90 || len(all.Wide) != 0 {
		t.Errorf("all operations %+v, want decode-map's figures", all)
	}
	p := ps[0]
	// loadCells spreads a cell's six samples from v to 1.05·v: the interval
	// of the median 1.025·v is the whole range.
	want := 0.025 / 1.025
	if p.Cells != 4 || math.Abs(p.Median-want) > 1e-9 || math.Abs(p.P90-want) > 1e-9 || len(p.Wide) != 0 {
		t.Errorf("precision %+v, want 4 cells of ±%.3g", p, want)
	}
	// Every cell's samples over its median run from 1/1.025 to 1.05/1.025.
	if r1, r4 := 1.01/1.025, 1.04/1.025; p.Low < 1/1.025 || p.Low > r1 || p.High < r4 || p.High > 1.05/1.025 {
		t.Errorf("samples over the median %.4f–%.4f, want the 10th percentile below %.4f and the 90th above %.4f", p.Low, p.High, r1, r4)
	}
	if all := ps[1]; all.Low != p.Low || all.High != p.High {
		t.Errorf("all operations' samples %.4f–%.4f, want decode-map's %.4f–%.4f", all.Low, all.High, p.Low, p.High)
	}

	noisy := loadCellsSpread(t, 0.4, map[string]map[string]float64{
		load.ArticleSmall: {rawfmt.Base: 500},
	})
	p = Precise(noisy)[0]
	if len(p.Wide) != 1 || p.Wide[0].Cell.Fixture != load.ArticleSmall || p.Wide[0].HalfWidth <= WideHalfWidth {
		t.Errorf("wide cells %+v, want %s", p.Wide, load.ArticleSmall)
	}
	if p.High-p.Low < 0.5 { // from 1/2 to 3/2 of the median 2·500
		t.Errorf("samples of a noisy cell over its median %.3f–%.3f, want them wider apart than 0.5", p.Low, p.High)
	}
}

// TestBusySides: a run is busy when a tenth of its samples stray past
// BusySpread on either side of their cells' medians, not only when they
// stray on both.
func TestBusySides(t *testing.T) {
	tests := []struct {
		name      string
		low, high float64
		busy      bool
	}{
		{"quiet", 0.90, 1.10, false},
		{"at the limits", 1 - BusySpread, 1 + BusySpread, false},
		{"slow samples only", 0.95, 1.30, true},
		{"fast samples only", 0.70, 1.05, true},
		{"both sides", 0.70, 1.25, true},
	}
	for _, tt := range tests {
		p := OpPrecision{Op: AllOps, Cells: 3, Low: tt.low, High: tt.high}
		if got := p.Busy(); got != tt.busy {
			t.Errorf("%s: samples within %g–%g: Busy() = %t, want %t", tt.name, tt.low, tt.high, got, tt.busy)
		}
	}
}
