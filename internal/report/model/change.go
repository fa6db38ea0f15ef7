package model

import (
	"cmp"
	"math"
	"slices"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Change is how one cell moved from an old run to a new one, in one unit.
type Change struct {
	Cell     rawfmt.Cell
	Old, New Estimate
	Ratio    Estimate // the new median over the old, with its bootstrap interval
	Test     Test
}

// A Diff compares the cells of two runs in one unit.
type Diff struct {
	Unit              string
	Changed           []Change // the cells that differ significantly, largest effect first
	Unchanged, TooFew int      // TooFew: too few samples for the test to tell
	OnlyOld, OnlyNew  int      // cells with values in one run only
}

// Diffs compares the cells (rawfmt.ParseCell) of two runs unit by unit, as
// benchstat does.
func Diffs(old, new []*benchfmt.Result, units []string) []Diff {
	oldCells, order := cellValues(old)
	newCells, newOrder := cellValues(new)
	order = append(order, slices.DeleteFunc(newOrder, func(c rawfmt.Cell) bool { _, ok := oldCells[c]; return ok })...)
	var out []Diff
	for _, unit := range units {
		d := Diff{Unit: unit}
		for _, c := range order {
			o, n := oldCells[c][unit], newCells[c][unit]
			switch {
			case len(o) == 0 && len(n) == 0:
				continue
			case len(n) == 0:
				d.OnlyOld++
				continue
			case len(o) == 0:
				d.OnlyNew++
				continue
			}
			ch := Change{Cell: c, Old: Summarize(o), New: Summarize(n), Test: Compare(o, n)}
			switch {
			case ch.Test.Differ:
				ch.Ratio, _ = Ratio(Values(n), Values(o))
				d.Changed = append(d.Changed, ch)
			case ch.Test.Untestable != nil && slices.Min(slices.Concat(o, n)) != slices.Max(slices.Concat(o, n)):
				d.TooFew++
			default:
				d.Unchanged++
			}
		}
		effect := func(c Change) float64 { // |ln(new/old)|, infinite when old is 0
			if c.Old.V == 0 {
				return math.Inf(1)
			}
			return math.Abs(math.Log(c.New.V / c.Old.V))
		}
		slices.SortStableFunc(d.Changed, func(a, b Change) int { return cmp.Compare(effect(b), effect(a)) })
		out = append(out, d)
	}
	return out
}

// cellValues groups results' values by cell, in order of appearance.
func cellValues(results []*benchfmt.Result) (map[rawfmt.Cell]map[string][]float64, []rawfmt.Cell) {
	cells := map[rawfmt.Cell]map[string][]float64{}
	var order []rawfmt.Cell
	for _, res := range results {
		c, ok := rawfmt.ParseCell(res.Name)
		if !ok {
			continue
		}
		vals := cells[c]
		if vals == nil {
			vals = map[string][]float64{}
			cells[c] = vals
			order = append(order, c)
		}
		for _, v := range res.Values {
			val, unit := load.OrigValue(v)
			vals[unit] = append(vals[unit], val)
		}
	}
	return cells, order
}
