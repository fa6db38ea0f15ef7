package meter

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/runner"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// This file orders a block's slices. The cells of a document share their
// partner, the base of their operation, so two pairs with one partner share
// its slice: a group is the slices of two cells and of their partner (or of
// one cell and its partner, where a partner has an odd number of pairs), in
// random order, so that no cell and no base holds one place in a group more
// often than another. A group runs on one clean heap: one collection before
// its first slice in each process, none between, so that a slice starts on
// at most two slices' garbage (each at most allocCap). A collection of the
// binary's heap takes longer than a slice (about 1.2 ms against 1 ms here):
// one before every slice spent most of a run on collections.

// A group is the pairs whose cells' slices share one slice of their partner.
type group []Pair

// groups are b's pairs in groups, each pair repeated as often as a round
// times it (pairs), in shuffled order; bad holds the cells that failed the
// gate, whose pairs are not timed.
func (m *Meter) groups(b Block, bad map[cellOf]bool, rng *rand.Rand) []group {
	byPartner := map[cellOf][]Pair{}
	var partners []cellOf
	for _, pr := range b.Pairs {
		own, partner := cellOf{pr.Cell, pr.Build}, cellOf{pr.Partner, pr.PartnerBuild}
		if bad[own] || bad[partner] {
			continue
		}
		if _, ok := byPartner[partner]; !ok {
			partners = append(partners, partner)
		}
		for range m.pairs(pr) {
			byPartner[partner] = append(byPartner[partner], pr)
		}
	}
	var gs []group
	for _, p := range partners {
		prs := byPartner[p]
		rng.Shuffle(len(prs), func(i, j int) { prs[i], prs[j] = prs[j], prs[i] })
		for g := range slices.Chunk(prs, 2) {
			gs = append(gs, g)
		}
	}
	rng.Shuffle(len(gs), func(i, j int) { gs[i], gs[j] = gs[j], gs[i] })
	return gs
}

// order is the slices of g in the order they run, drawn from rng: the
// partner's is run[at[0]], and the cell of g[i] is run[at[i+1]].
func (g group) order(rng *rand.Rand) (run []cellOf, at []int) {
	cells := []cellOf{{g[0].Partner, g[0].PartnerBuild}}
	for _, pr := range g {
		cells = append(cells, cellOf{pr.Cell, pr.Build})
	}
	at = rng.Perm(len(cells))
	run = make([]cellOf, len(cells))
	for i, c := range cells {
		run[at[i]] = c
	}
	return run, at
}

// group times the slices of g in a random order and writes each pair's line.
func (m *Meter) group(servers []*runner.Server, g group, lines []strings.Builder, sized map[cellOf]bool, rng *rand.Rand) error {
	run, at := g.order(rng)
	cleaned := map[int]bool{}
	res := make([]wire.SliceResult, len(run))
	for i, c := range run {
		var err error
		if res[i], err = m.slice(servers, c, cleaned[c.build]); err != nil {
			return err
		}
		cleaned[c.build] = true
	}
	for i, pr := range g {
		m.line(&lines[pr.Build], pr, res[at[i+1]], res[at[0]], sized)
	}
	return nil
}
