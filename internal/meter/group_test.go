package meter

import (
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

func cell(codec string) rawfmt.Cell {
	return rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: "fields-0050", Codec: codec}
}

func TestGroups(t *testing.T) {
	base, anchor := cell(rawfmt.Base), rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: "fields-0005", Codec: rawfmt.Base}
	b := Block{Pairs: []Pair{
		{Cell: cell("goccy"), Partner: base},
		{Cell: cell("sonic-std"), Partner: base},
		{Cell: cell("segmentio"), Partner: base},
		{Cell: cell("broken"), Partner: base},
		{Cell: anchor, Partner: base},
		{Cell: base, Partner: anchor},
	}}
	m := &Meter{O: Options{Slice: time.Millisecond, Pairs: 3, Seed: 1}}
	bad := map[cellOf]bool{{cell("broken"), 0}: true}
	timed := map[rawfmt.Cell]int{}
	for _, g := range m.groups(b, bad, runner.Rand(1, "test")) {
		if len(g) < 1 || len(g) > 2 {
			t.Fatalf("a group of %d pairs", len(g))
		}
		for _, pr := range g {
			if pr.Partner != g[0].Partner {
				t.Errorf("%s and %s share a group but not a partner", g[0].Cell, pr.Cell)
			}
			timed[pr.Cell]++
		}
	}
	want := map[rawfmt.Cell]int{cell("goccy"): 3, cell("sonic-std"): 3, cell("segmentio"): 3, anchor: 3, base: 3}
	if len(timed) != len(want) {
		t.Errorf("cells timed: %v, want %v", timed, want)
	}
	for c, n := range want {
		if timed[c] != n {
			t.Errorf("%s: %d pairs, want %d", c, timed[c], n)
		}
	}
}

// TestOrder checks that a group's slices run in every order alike: a place
// in a group that ran faster would otherwise favour whoever held it more often.
func TestOrder(t *testing.T) {
	base := cell(rawfmt.Base)
	for _, g := range []group{
		{{Cell: cell("goccy"), Partner: base}, {Cell: cell("segmentio"), Partner: base}},
		{{Cell: cell("goccy"), Partner: base}},
	} {
		const draws = 3000
		held := map[cellOf][]int{}
		rng := runner.Rand(2, "order")
		for range draws {
			run, at := g.order(rng)
			if run[at[0]] != (cellOf{base, 0}) {
				t.Fatalf("the partner is at %d of %v", at[0], run)
			}
			for i, pr := range g {
				if run[at[i+1]] != (cellOf{pr.Cell, pr.Build}) {
					t.Fatalf("%s is at %d of %v", pr.Cell, at[i+1], run)
				}
			}
			for i, c := range run {
				if held[c] == nil {
					held[c] = make([]int, len(run))
				}
				held[c][i]++
			}
		}
		for c, places := range held {
			for i, n := range places {
				if share := float64(n) / draws; share < 0.9/float64(len(places)) || share > 1.1/float64(len(places)) {
					t.Errorf("%s ran in place %d of %d in %.2f of the groups", c.cell.Codec, i, len(places), share)
				}
			}
		}
	}
}

// TestGroupsShuffled: a block's groups run in an order drawn afresh each
// round, across partners as within them: each partner's group holds every
// place alike, not the place its partner first appears at in the block.
func TestGroupsShuffled(t *testing.T) {
	docs := []string{"fields-0005", "fields-0050", "fields-0500"}
	var b Block
	for _, d := range docs {
		base := rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: d, Codec: rawfmt.Base}
		for _, codec := range []string{"goccy", "segmentio"} {
			b.Pairs = append(b.Pairs, Pair{Cell: rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: d, Codec: codec}, Partner: base})
		}
	}
	m := &Meter{O: Options{Slice: time.Millisecond, Pairs: 1, Seed: 1}}
	const draws = 3000
	held := map[string][]int{} // by document, how often its group ran in each place
	for i := range draws {
		gs := m.groups(b, nil, runner.Rand(uint64(i), "test"))
		if len(gs) != len(docs) {
			t.Fatalf("%d groups, want %d, one per partner", len(gs), len(docs))
		}
		for place, g := range gs {
			d := g[0].Partner.Fixture
			if held[d] == nil {
				held[d] = make([]int, len(docs))
			}
			held[d][place]++
		}
	}
	for _, d := range docs {
		for place, n := range held[d] {
			if share := float64(n) / draws; share < 0.9/float64(len(docs)) || share > 1.1/float64(len(docs)) {
				t.Errorf("%s's group ran in place %d of %d in %.2f of the rounds, want %.2f", d, place, len(docs), share, 1/float64(len(docs)))
			}
		}
	}
}
