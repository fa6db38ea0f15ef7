package model

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
)

// loadCells loads a raw file of six rounds holding the cells of
// rawfmt.OpDecodeMap with the given ns/op per fixture and codec, each round
// 1% above the one before.
func loadCells(t *testing.T, ns map[string]map[string]float64) *load.Run {
	t.Helper()
	return loadCellsSpread(t, 0.01, ns)
}

// loadCellsSpread is loadCells with each round spread above the one before.
func loadCellsSpread(t *testing.T, spread float64, ns map[string]map[string]float64) *load.Run {
	t.Helper()
	var b strings.Builder
	for round := range 6 {
		for fixture, codecs := range ns {
			for codec, v := range codecs {
				var fields float64
				fmt.Sscanf(strings.TrimPrefix(fixture, load.Fields.Prefix), "%g", &fields)
				fmt.Fprintf(&b, "%s-2 100 %g %s %g %s %g %s\n", rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: fixture, Codec: codec}.Name(),
					v*(1+spread*float64(round)), rawfmt.UnitNs, fields, rawfmt.UnitFields, 40*fields, rawfmt.UnitDocB)
			}
		}
	}
	return loadtest.Load(t, rawfmt.KindFull, b.String())
}

// The floor gets no fit and no ranking; a codec cell below it is listed.
func TestFloorIsNoCodec(t *testing.T) {
	r := loadCells(t, map[string]map[string]float64{
		load.ArticleSmall: {rawfmt.Base: 500, "lazy": 40, rawfmt.Floor: 50},
		load.ArticleLarge: {rawfmt.Base: 5000, "lazy": 400, rawfmt.Floor: 300},
		"fields-0500":     {rawfmt.Base: 50000, "lazy": 4000, rawfmt.Floor: 3000},
	})
	a := Analyze(r)
	for _, row := range a.Model {
		if row.Codec == rawfmt.Floor {
			t.Errorf("the floor has a model row: %+v", row)
		}
	}
	if len(a.Model) != 2 {
		t.Errorf("%d model rows, want 2 (the base and lazy)", len(a.Model))
	}
	for _, row := range a.Article.Rows {
		if row.Codec == rawfmt.Floor {
			t.Error("the floor has a seed row")
		}
	}
	if i := slices.IndexFunc(a.Fastest, func(f Fastest) bool { return f.Op == rawfmt.OpDecodeMap }); i < 0 || a.Fastest[i].Codec != "lazy" {
		t.Errorf("fastest of %s = %+v, want lazy", rawfmt.OpDecodeMap, a.Fastest)
	}
	var below []string
	for _, f := range a.UnderFloor {
		below = append(below, f.Cell.Fixture+"/"+f.Cell.Codec)
		if f.Ratio.V >= 1 || !f.Ratio.HasCI {
			t.Errorf("%s: ratio %+v, want below 1 with an interval", f.Cell, f.Ratio)
		}
	}
	if want := []string{load.ArticleSmall + "/lazy"}; !slices.Equal(below, want) {
		t.Errorf("cells under the floor %q, want %q", below, want)
	}
}

// An old run's allocation reference is no floor and no codec: no fit, no
// standing, not the cheapest codec cell, and no codec cell is listed as
// faster than it.
func TestAllocRefIsNoFloor(t *testing.T) {
	r := loadCells(t, map[string]map[string]float64{
		load.ArticleSmall: {rawfmt.Base: 500, "lazy": 40, rawfmt.AllocRef: 30},
		load.ArticleLarge: {rawfmt.Base: 5000, "lazy": 400, rawfmt.AllocRef: 500},
		"fields-0500":     {rawfmt.Base: 50000, "lazy": 4000, rawfmt.AllocRef: 3000},
	})
	a := Analyze(r)
	if len(a.UnderFloor) != 0 {
		t.Errorf("cells under the allocation reference listed as under the floor: %+v", a.UnderFloor)
	}
	for _, row := range a.Model {
		if row.Codec == rawfmt.AllocRef {
			t.Errorf("the allocation reference has a model row: %+v", row)
		}
	}
	if _, s := Standings(r, rawfmt.OpDecodeMap, load.ArticleSmall); slices.ContainsFunc(s, func(s Standing) bool { return s.Codec == rawfmt.AllocRef }) {
		t.Errorf("the allocation reference is ranked: %+v", s)
	}
	if c := a.Harness.CheapestCodec; c.Codec != "lazy" {
		t.Errorf("cheapest codec cell %s, want lazy's", c)
	}
	if c := a.Harness.Cheapest; c.Codec != rawfmt.AllocRef {
		t.Errorf("cheapest cell %s, want the allocation reference's", c)
	}
}
