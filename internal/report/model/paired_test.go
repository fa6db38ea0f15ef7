package model

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
)

// A pairedCell is a cell of a synthetic paired run: its true ns/op and B/op.
type pairedCell struct {
	cell   rawfmt.Cell
	ns, b  float64
	layout float64 // its slices on layout 3 take this much longer than on the others (0: the same)
}

// pairedRun writes a paired run of the cells, in rounds on layouts 1, 2 and 3, each
// round 6 pairs per cell: every slice of a pair is slowed by the same host
// factor (log-normal, sd 0.3: a busy host), and by 2% noise of its own. The
// partner of each cell is rawfmt.Partner's, its time the partner's own. The
// GC harness gives 50 ms cycles at a 64 MiB heap and 1 ms at the binary's 1 MiB.
func pairedRun(t *testing.T, cells []pairedCell, rounds int) *load.Run {
	t.Helper()
	byCell := map[rawfmt.Cell]pairedCell{}
	for _, c := range cells {
		byCell[c.cell] = c
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n%s: %d\n%s: %s\n%s: 64MiB\n", rawfmt.KeyMeter, rawfmt.MeterPaired, rawfmt.KeyRounds, rounds, rawfmt.KeyAnchor, rawfmt.Anchor, rawfmt.KeyGCHeap)
	for r := 1; r <= rounds; r++ {
		layout := fmt.Sprint(r%3 + 1)
		fmt.Fprintf(&b, "%s: %s\n%s: %d\n", rawfmt.KeyLayout, layout, rawfmt.KeyRound, r)
		for _, c := range cells {
			factor := 1.0
			if layout == "3" && c.layout != 0 {
				factor = c.layout
			}
			partner, unit := rawfmt.Partner(c.cell, rawfmt.Anchor)
			p := byCell[partner]
			for range 6 {
				host := math.Exp(0.3 * rng.NormFloat64())
				own := c.ns * factor * host * math.Exp(0.02*rng.NormFloat64())
				other := p.ns * host * math.Exp(0.02*rng.NormFloat64())
				fmt.Fprintf(&b, "%s 100 %g %s %g %s 1 %s %g %s\n", c.cell.Name(), own, rawfmt.UnitNs, c.b, rawfmt.UnitB, rawfmt.UnitAllocs, other, unit)
			}
		}
		fmt.Fprintf(&b, "%s 1 %d %s %d %s\n", rawfmt.GCName("64MiB"), 50_000_000, rawfmt.UnitCycleNs, 64<<20, rawfmt.UnitLive)
		fmt.Fprintf(&b, "%s 100 %d %s %d %s\n", rawfmt.GCName(rawfmt.HeapBench), 1_000_000, rawfmt.UnitCycleNs, 1<<20, rawfmt.UnitLive)
	}
	return loadtest.Load(t, rawfmt.KindFull, b.String())
}

func dm(fixture, codec string) rawfmt.Cell {
	return rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: fixture, Codec: codec}
}

// steady are a base and a codec on the anchor document and on fields-0005,
// none slower on one layout.
var steady = []pairedCell{
	{cell: dm(rawfmt.Anchor, rawfmt.Base), ns: 5000, b: 2000},
	{cell: dm(rawfmt.Anchor, "fast"), ns: 1500, b: 500},
	{cell: dm("fields-0005", rawfmt.Base), ns: 700, b: 300},
	{cell: dm("fields-0005", "fast"), ns: 210, b: 80},
}

// TestPaired: a paired run's ns/op is each cell's ratio to its partner,
// carried to the anchor, whatever the host did to both slices of a pair:
// under a host that moves single slices by 30%, every ratio lands within 2%
// of the truth (the absolute time, the anchor's median slice, within 10%),
// and a layout's bias widens a cell's interval.
func TestPaired(t *testing.T) {
	cells := append(steady[:len(steady):len(steady)], pairedCell{cell: dm("fields-0005", "layout-bound"), ns: 350, b: 80, layout: 1.3})
	r := pairedRun(t, cells, 48)
	anchor := Of(r, dm(rawfmt.Anchor, rawfmt.Base), rawfmt.UnitNs)
	if math.Abs(anchor.Point/5000-1) > 0.1 {
		t.Errorf("the anchor: %g ns/op, want 5000 within 10%%", anchor.Point)
	}
	for _, c := range cells {
		got := Of(r, c.cell, rawfmt.UnitNs)
		if want := c.ns / 5000 * anchor.Point; c.layout == 0 && math.Abs(got.Point/want-1) > 0.02 {
			t.Errorf("%s: %g ns/op, %g of the anchor's, want %g within 2%%", c.cell, got.Point, got.Point/anchor.Point, c.ns/5000)
		}
		if e := got.Estimate(); !e.HasCI || e.Lo > got.Point || e.Hi < got.Point {
			t.Errorf("%s: interval %+v", c.cell, e)
		}
	}
	ratio := func(codec string) Estimate {
		e, _ := Ratio(Ns(r, rawfmt.OpDecodeMap, "fields-0005", codec), Ns(r, rawfmt.OpDecodeMap, "fields-0005", rawfmt.Base))
		return e
	}
	fast, bound := ratio("fast"), ratio("layout-bound")
	if hw, _ := HalfWidth(fast); hw > 0.03 {
		t.Errorf("fast's ratio %+v: ±%.1f%%, want within ±3%% under pairing", fast, 100*hw)
	}
	// A third of its processes on the layout that takes 1.3 times longer:
	// its estimate is the other layouts', but its interval must reach the
	// slow one's, as a run of other layouts could.
	if fast, slow := 0.5, 1.3*0.5; math.Abs(bound.V/fast-1) > 0.03 || bound.Hi < slow*0.97 {
		t.Errorf("a layout-bound cell: %+v, want about %.3g with an interval reaching %.3g", bound, fast, slow)
	}
	// Two documents of one codec are told apart through their bases and the anchor.
	growth, _ := Ratio(Ns(r, rawfmt.OpDecodeMap, rawfmt.Anchor, "fast"), Ns(r, rawfmt.OpDecodeMap, "fields-0005", "fast"))
	if math.Abs(growth.V/(1500.0/210)-1) > 0.03 {
		t.Errorf("fast from fields-0005 to the anchor: %.3g×, want %.3g×", growth.V, 1500.0/210)
	}
}

// TestCharged: Charged is a cell's ns/op plus the collection its own
// allocation causes (not its partner's), at 50e6/2^26 ns a byte; a run of
// the older meter, which timed no collection, gives its ns/op alone.
func TestCharged(t *testing.T) {
	cells := []pairedCell{
		{cell: dm(rawfmt.Anchor, rawfmt.Base), ns: 5000, b: 2000},
		{cell: dm(rawfmt.Anchor, "allocates"), ns: 1500, b: 20000},
		{cell: dm(rawfmt.Anchor, "allocates-not"), ns: 1500, b: 0},
		{cell: dm("fields-0005", rawfmt.Base), ns: 500, b: 300},
		{cell: dm("fields-0005", "allocates"), ns: 200, b: 4000},
	}
	paired := pairedRun(t, cells, 6)
	perByte := 50e6 / float64(64<<20)
	for _, c := range cells {
		ns := Of(paired, c.cell, rawfmt.UnitNs)
		got, gc := Charged(paired, c.cell)
		if want := ns.Point + c.b*perByte; !gc || math.Abs(got.Point-want) > 1e-6*want {
			t.Errorf("%s charged %g ns/op, GC %t; want %g (%g + %g B/op × %g), GC true", c.cell, got.Point, gc, want, ns.Point, c.b, perByte)
		}
	}
	var older []sampled
	for _, c := range cells {
		older = append(older, sampled{cell: c.cell, ns: repeat(c.ns, 0.01, 6), b: c.b, allocs: 1})
	}
	r := loadSamples(t, older)
	for _, c := range cells {
		if got, gc := Charged(r, c.cell); gc || got.Point != c.ns {
			t.Errorf("older meter: %s charged %g ns/op, GC %t; want %g, its ns/op, GC false", c.cell, got.Point, gc, c.ns)
		}
	}
}

// TestGCCharge: collection is charged to a cell by its own allocation: at
// 50 ms a cycle of a 64 MiB heap, each byte costs 50e6/2^26 ns.
func TestGCCharge(t *testing.T) {
	cells := []pairedCell{
		{cell: dm(rawfmt.Anchor, rawfmt.Base), ns: 5000, b: 2000},
		{cell: dm(rawfmt.Anchor, "allocates"), ns: 1500, b: 20000},
		{cell: dm(rawfmt.Anchor, "allocates-not"), ns: 1500, b: 0},
	}
	r := pairedRun(t, cells, 6)
	g, ok := GCOf(r, ServiceHeap(r))
	perByte := 50e6 / float64(64<<20)
	if !ok || math.Abs(g.PerByte.Point/perByte-1) > 1e-9 || g.Live != 64<<20 {
		t.Fatalf("GC cost %+v, %t; want %g ns per byte at %d live", g, ok, perByte, 64<<20)
	}
	for _, c := range cells {
		ns, with := Of(r, c.cell, rawfmt.UnitNs), WithGC(r, c.cell, g)
		if want := ns.Point + c.b*perByte; math.Abs(with.Point-want) > 1e-6*want {
			t.Errorf("%s with GC: %g ns/op, want %g (%g + %g B/op × %g)", c.cell, with.Point, want, ns.Point, c.b, perByte)
		}
	}
	bench, ok := GCOf(r, rawfmt.HeapBench)
	// A 1 MiB heap is collected every 4 MiB − 1 MiB of allocation, the runtime's smallest goal.
	if want := 1e6 / float64(3<<20); !ok || math.Abs(bench.PerByte.Point/want-1) > 1e-9 {
		t.Errorf("the binary's heap: %g ns per byte, want %g", bench.PerByte.Point, want)
	}
	// Ranked with GC, the codec that allocates less comes first though its time is the same.
	_, standings := Standings(r, rawfmt.OpDecodeMap, rawfmt.Anchor)
	if standings[0].Codec != "allocates-not" || !standings[0].HasGC {
		t.Errorf("ranking with GC: %+v first, want allocates-not", standings[0])
	}
}
