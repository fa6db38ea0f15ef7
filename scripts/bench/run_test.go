package main

import (
	"context"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// TestRunPairs runs the runner over fakes whose figures tell which cell and
// which layout's binary timed each slice: every line's own time is its
// cell's, its partner's is its partner's (the base on its document, the
// base on the anchor for a base) from the same binary, and that binary is
// the layout its process's layout line names. Each round has every cell in
// it, and the GC lines have their units.
func TestRunPairs(t *testing.T) {
	o := tinyRun(t.TempDir())
	fakeRun(t, "ok", &o)
	if err := run(context.Background(), o, io.Discard); err != nil {
		t.Fatal(err)
	}
	raw := readRaw(t, o.results)
	seeds := strings.Fields(raw.config[rawfmt.KeyLayouts])
	if len(seeds) != o.layouts {
		t.Fatalf("%s: %q, want %d seeds", rawfmt.KeyLayouts, raw.config[rawfmt.KeyLayouts], o.layouts)
	}
	perRound := map[string]map[rawfmt.Cell]bool{}
	gc := map[string]int{}
	for _, l := range raw.lines {
		id := slices.Index(seeds, l.config[rawfmt.KeyLayout]) + 1 // the fake of layout i has id i
		if id == 0 {
			t.Fatalf("a line's layout %q is none of %q", l.config[rawfmt.KeyLayout], seeds)
		}
		if l.gc != "" {
			gc[l.gc]++
			if l.values[rawfmt.UnitCycleNs] <= 0 || l.values[rawfmt.UnitLive] <= 0 {
				t.Errorf("GC line %s without its figures: %v", l.gc, l.values)
			}
			continue
		}
		if perRound[l.config[rawfmt.KeyRound]] == nil {
			perRound[l.config[rawfmt.KeyRound]] = map[rawfmt.Cell]bool{}
		}
		perRound[l.config[rawfmt.KeyRound]][l.cell] = true
		partner, unit := rawfmt.Partner(l.cell, rawfmt.Anchor)
		if got, want := l.values[rawfmt.UnitNs], float64(weight(l.cell)*int64(id)); got != want {
			t.Errorf("%s in layout %d: %v ns/op, want %v: not its own slice, or not its layout's binary", l.cell, id, got, want)
		}
		if got, want := l.values[unit], float64(weight(partner)*int64(id)); got != want {
			t.Errorf("%s in layout %d: %s %v, want %v, %s's", l.cell, id, unit, got, want, partner)
		}
		if got, want := l.values[rawfmt.UnitB], float64(weight(l.cell)); got != want {
			t.Errorf("%s: %v B/op, want %v, its own", l.cell, got, want)
		}
	}
	if len(perRound) != o.rounds {
		t.Errorf("rounds %v, want %d", slices.Collect(maps.Keys(perRound)), o.rounds)
	}
	want := map[rawfmt.Cell]bool{rawfmt.NoopCell: true}
	for _, f := range []string{"fields-0001", "fields-0002"} {
		for _, c := range []string{rawfmt.Base, "goccy", rawfmt.Floor} {
			want[rawfmt.Cell{Op: "decode-map", Fixture: f, Codec: c}] = true
		}
	}
	for r, cells := range perRound {
		if !maps.Equal(cells, want) {
			t.Errorf("round %s has %v, want %v", r, cells, want)
		}
	}
	if gc[rawfmt.HeapBench] < o.rounds || gc["64MiB"] != 3*o.rounds {
		t.Errorf("GC lines %v, want a bench line a process and three 64MiB lines a round", gc)
	}
	for key, want := range map[string]string{
		rawfmt.KeyMeter: rawfmt.MeterPaired, rawfmt.KeyAnchor: rawfmt.Anchor, rawfmt.KeyGCHeap: "64MiB",
		rawfmt.KeyGOMAXPROCS: "1", rawfmt.KeyRounds: "2", rawfmt.KeySlice: "1ms", rawfmt.KeyPairs: "2",
		rawfmt.KeyGo: fakeGo, rawfmt.KeySelection: o.sel.String(),
	} {
		if got := raw.config[key]; got != want {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
}

// TestLayouts: every layout runs once in each run of as many rounds as
// there are layouts, in an order that differs from one such run to the next.
func TestLayouts(t *testing.T) {
	o := tinyRun(t.TempDir())
	o.layouts, o.rounds, o.seed = 4, 12, 7
	fakeRun(t, "ok", &o)
	if err := run(context.Background(), o, io.Discard); err != nil {
		t.Fatal(err)
	}
	raw := readRaw(t, o.results)
	byRound := map[int]string{}
	for _, l := range raw.lines {
		r, _ := strconv.Atoi(l.config[rawfmt.KeyRound])
		byRound[r] = l.config[rawfmt.KeyLayout]
	}
	var orders []string
	for start := 1; start <= o.rounds; start += o.layouts {
		var run []string
		for r := start; r < start+o.layouts; r++ {
			run = append(run, byRound[r])
		}
		if sorted := slices.Sorted(slices.Values(run)); len(slices.Compact(sorted)) != o.layouts {
			t.Errorf("rounds %d–%d ran layouts %q, want each of the %d once", start, start+o.layouts-1, run, o.layouts)
		}
		orders = append(orders, strings.Join(run, " "))
	}
	if len(slices.Compact(slices.Sorted(slices.Values(orders)))) == 1 {
		t.Errorf("every run of rounds took the layouts in one order: %q", orders[0])
	}
}

// TestSeedReplays: a run replays from its seed: the same seed gives the
// same lines in the same order, another seed another order; and each
// round of a run has an order of its own.
func TestSeedReplays(t *testing.T) {
	order := func(seed uint64) string {
		o := tinyRun(t.TempDir())
		o.seed = seed
		fakeRun(t, "ok", &o)
		if err := run(context.Background(), o, io.Discard); err != nil {
			t.Fatal(err)
		}
		raw := readRaw(t, o.results)
		if got := raw.config[rawfmt.KeyOrderSeed]; got != strconv.FormatUint(seed, 10) {
			t.Errorf("%s: %q, want %d", rawfmt.KeyOrderSeed, got, seed)
		}
		var names []string
		rounds := map[string][]string{}
		for _, l := range raw.lines {
			names = append(names, l.cell.String()+l.gc)
			rounds[l.config[rawfmt.KeyRound]] = append(rounds[l.config[rawfmt.KeyRound]], l.cell.String()+l.gc)
		}
		if slices.Equal(rounds["1"], rounds["2"]) {
			t.Errorf("seed %d: both rounds ran their pairs in one order", seed)
		}
		return strings.Join(names, "\n")
	}
	a, replay, b := order(1), order(1), order(2)
	if a != replay {
		t.Errorf("seed 1 twice gave two orders")
	}
	if a == b {
		t.Errorf("seeds 1 and 2 gave the same order")
	}
}

// TestGroupOrder: a group's slices, its partner's and its cells', run in
// an order drawn for each group, so that the partner holds every place in
// its groups alike. The fakes log their slices, a process a round: after
// the first round, which calibrates every cell, a group is a slice after a
// collection and the slices that follow it on its heap ("more").
func TestGroupOrder(t *testing.T) {
	o := tinyRun(t.TempDir())
	o.rounds, o.seed = 12, 5
	dir := fakeRun(t, "log", &o)
	if err := run(context.Background(), o, io.Discard); err != nil {
		t.Fatal(err)
	}
	logs, err := filepath.Glob(filepath.Join(dir, "slices-*.log"))
	if err != nil || len(logs) != o.rounds {
		t.Fatalf("%d logs of slices (%v), want one a round, %d", len(logs), err, o.rounds)
	}
	held := map[int][]int{} // by a group's slices, how often its partner's was in each place
	for _, path := range logs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var groups [][]rawfmt.Cell
		calibrates := false
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			sub, more := strings.CutSuffix(l, " "+wire.More)
			c, ok := rawfmt.ParseSub(sub)
			if !ok {
				t.Fatalf("%s: %q", path, l)
			}
			if !more {
				if n := len(groups); n > 0 && len(groups[n-1]) == 1 && groups[n-1][0] == c {
					calibrates = true // a cell sliced twice after collections: the first round
				}
				groups = append(groups, nil)
			}
			groups[len(groups)-1] = append(groups[len(groups)-1], c)
		}
		if calibrates {
			continue
		}
		for _, g := range groups {
			place := slices.IndexFunc(g, func(p rawfmt.Cell) bool {
				for _, c := range g {
					if partner, _ := rawfmt.Partner(c, rawfmt.Anchor); c != p && partner != p {
						return false
					}
				}
				return true
			})
			if len(g) < 2 || len(g) > 3 || place < 0 {
				t.Fatalf("%s: a group of %v, want a partner and one or two of its cells", path, g)
			}
			if held[len(g)] == nil {
				held[len(g)] = make([]int, len(g))
			}
			held[len(g)][place]++
		}
	}
	if len(held) == 0 {
		t.Fatal("no round without calibration")
	}
	for size, places := range held {
		total := 0
		for _, n := range places {
			total += n
		}
		for place, n := range places {
			if share := float64(n) / float64(total); total < 20 || share < 0.5/float64(size) {
				t.Errorf("groups of %d slices: the partner's was in place %d in %d of %d, want about %.2f of them", size, place, n, total, 1/float64(size))
			}
		}
	}
}

// TestGateOnce: every cell passes the gate once, in a process of its own
// before the first round; each round's process only warms its cells.
func TestGateOnce(t *testing.T) {
	o := tinyRun(t.TempDir())
	o.rounds = 3
	dir := fakeRun(t, "log", &o)
	if err := run(context.Background(), o, io.Discard); err != nil {
		t.Fatal(err)
	}
	logs, err := filepath.Glob(filepath.Join(dir, "prepares-*.log"))
	if err != nil || len(logs) != o.rounds+1 {
		t.Fatalf("%d processes prepared cells (%v), want one a round and the gate's, %d", len(logs), err, o.rounds+1)
	}
	gates, warms := 0, 0
	for _, path := range logs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		verbs, gated := map[string]int{}, map[string]int{}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			verb, cell, _ := strings.Cut(l, " ")
			if verbs[verb]++; verb == wire.Prepare {
				if gated[cell]++; gated[cell] > 1 {
					t.Errorf("%s gated %s twice", path, cell)
				}
			}
		}
		switch {
		case verbs[wire.Prepare] > 0 && verbs[wire.Warm] == 0:
			gates++
		case verbs[wire.Warm] > 0 && verbs[wire.Prepare] == 0:
			warms++
		default:
			t.Errorf("%s: %d prepares and %d warms, want one kind", path, verbs[wire.Prepare], verbs[wire.Warm])
		}
	}
	if gates != 1 || warms != o.rounds {
		t.Errorf("%d processes gated and %d warmed, want 1 and %d", gates, warms, o.rounds)
	}
}

// TestRealRun runs the real benchmark binary on a tiny selection: every
// line's partner is a cell whose time is the partner's, not the cell's
// own: the floor's base, encoding-json on the same document, takes
// hundreds of times longer; a base on fields-0005 is paired with the
// anchor, fields-0050, which takes several times longer; goccy's base
// takes about three times longer. Single pairs stray on a busy machine,
// so the bounds are on the median pair, and loose: a cell paired with
// itself would give 1, one paired with the floor 0.01.
func TestRealRun(t *testing.T) {
	o := options{sel: rawfmt.Selection{Codecs: "goccy", Ops: "decode-struct", Fixtures: "fields-0005"},
		rounds: 1, slice: 200 * 1000, pairs: 7, layouts: 1, results: t.TempDir(), bins: []string{realBinary(t)}}
	if err := run(context.Background(), o, io.Discard); err != nil {
		t.Fatal(err)
	}
	raw := readRaw(t, o.results)
	cell := func(codec string) rawfmt.Cell {
		return rawfmt.Cell{Op: "decode-struct", Fixture: "fields-0005", Codec: codec}
	}
	ratio := map[rawfmt.Cell][]float64{}
	for _, l := range raw.lines {
		if l.gc == "" {
			_, unit := rawfmt.Partner(l.cell, rawfmt.Anchor)
			ratio[l.cell] = append(ratio[l.cell], l.values[unit]/l.values[rawfmt.UnitNs])
		}
	}
	checks := []struct {
		cell   rawfmt.Cell
		lo, hi float64 // the partner's time over the cell's
	}{
		{cell(rawfmt.Floor), 10, math.Inf(1)},
		{cell(rawfmt.Base), 2, 60},
		{cell("goccy"), 1.3, 20},
	}
	for _, c := range checks {
		if len(ratio[c.cell]) != o.pairs {
			t.Fatalf("%s: %d lines, want %d", c.cell, len(ratio[c.cell]), o.pairs)
		}
		slices.Sort(ratio[c.cell])
		if r := ratio[c.cell][o.pairs/2]; r < c.lo || r > c.hi {
			t.Errorf("%s: partner over cell %.3g in the median pair, want %g to %g", c.cell, r, c.lo, c.hi)
		}
	}
	if got := raw.config[rawfmt.KeyGo]; got != runtime.Version() {
		t.Errorf("%s: %q, want the binary's %s", rawfmt.KeyGo, got, runtime.Version())
	}
}
