package model

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
)

// cellsText is a raw file of ten rounds of cells, their ns/op around
// ns[cell] by ±2%, after the given configuration lines.
func cellsText(config []string, ns map[rawfmt.Cell]float64) string {
	var b strings.Builder
	for _, c := range config {
		b.WriteString(c + "\n")
	}
	for round := range 10 {
		for c, v := range ns {
			fmt.Fprintf(&b, "%s-2 100 %g %s\n", c.Name(), v*(1+0.02*float64(round%3-1)), rawfmt.UnitNs)
		}
	}
	return b.String()
}

// The `_source` comparisons are per hit, each side a sum of medians, and a
// cell on both sides of the API's pattern cancels from its saving.
func TestHitsPairs(t *testing.T) {
	const full, src = "es-hits-10-full", "es-hits-10-source5"
	at := func(op, fixture, codec string) rawfmt.Cell {
		return rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}
	}
	r := loadtest.Load(t, rawfmt.KindFull, cellsText(nil, map[rawfmt.Cell]float64{
		at(rawfmt.OpDecodeStruct, full, rawfmt.Base): 10000, at(rawfmt.OpDecodeStruct, src, rawfmt.Base): 2000,
		at(rawfmt.OpEncodeStruct, src, rawfmt.Base): 20000, // large, so that drawing it twice would show
		at(rawfmt.OpRoundtrip, full, rawfmt.Base):   16000, at(rawfmt.OpRoundtrip, src, rawfmt.Base): 3000,
		at(rawfmt.OpGet5, full, "lazy"): 1000,
	}))
	rows := Hits(r)
	if len(rows) != 2 || rows[0].Codec != rawfmt.Base || rows[1].Codec != "lazy" {
		t.Fatalf("rows %+v, want %s's and lazy's", rows, rawfmt.Base)
	}
	b := rows[0]
	for _, c := range []struct {
		name string
		p    Pair
		want [4]float64 // full and filtered per hit, saving per hit, saving in percent
	}{
		{"decode", b.Decode, [4]float64{1000, 200, 800, 80}},
		{"roundtrip", b.Roundtrip, [4]float64{1600, 300, 1300, 100 * 13000 / 16000.0}},
		{"API", b.API, [4]float64{3000, 2200, 800, 100 * 8000 / 30000.0}},
	} {
		got := []Estimate{c.p.Full, c.p.Filtered, c.p.Saves.PerHit, c.p.Saves.Pct}
		for i, e := range got {
			if math.Abs(e.V-c.want[i]) > 1e-9 || !e.HasCI || e.Lo > e.V || e.Hi < e.V {
				t.Errorf("%s, figure %d: %+v, want %g inside its interval", c.name, i, e, c.want[i])
			}
		}
	}
	// The encode is drawn once for both sides: the API's saving is no less
	// precise than the decode's, where drawing it twice would widen it.
	width := func(e Estimate) float64 { return e.Hi - e.Lo }
	if api, dec := width(b.API.Saves.PerHit), width(b.Decode.Saves.PerHit); math.Abs(api-dec) > 0.25*dec {
		t.Errorf("the API's saving is %g wide, the decode's %g: the shared encode did not cancel", api, dec)
	}
	if l := rows[1]; l.Decode.Saves.OK || !l.Get5.OK || l.Get5.Baseline != rawfmt.Base {
		t.Errorf("lazy: %+v, want a get5 saving against %s's decode-struct and no pairs", l, rawfmt.Base)
	}
}

// A run whose es-hits cells are all of get5, without decode-struct, has no
// rows, and HitsOps says which operations it has there.
func TestHitsOps(t *testing.T) {
	r := loadtest.Load(t, rawfmt.KindFull, cellsText(nil, map[rawfmt.Cell]float64{
		{Op: rawfmt.OpGet5, Fixture: "es-hits-10-full", Codec: "lazy"}:      1000,
		{Op: rawfmt.OpDecodeMap, Fixture: load.ArticleSmall, Codec: "lazy"}: 1000,
	}))
	if rows := Hits(r); len(rows) != 0 {
		t.Errorf("rows %+v, want none", rows)
	}
	if got := HitsOps(r); !slices.Equal(got, []string{rawfmt.OpGet5}) {
		t.Errorf("HitsOps %q, want [%s]", got, rawfmt.OpGet5)
	}
}
