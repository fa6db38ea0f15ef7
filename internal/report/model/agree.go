package model

import (
	"cmp"
	"math"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Match sets two runs of the same cells side by side (make compare):
// per cell the figure each run gives with its interval, and how far they
// agree. Paired runs are compared on each codec's ratio to its base,
// runs of instruction counts on instructions/op, older runs on ns/op.
type Match struct {
	Figure  string // what each cell is compared on
	Exact   bool   // the figure does not vary from run to run by chance
	Cells   []CellPair
	OnlyOld int // cells in the old run alone
	OnlyNew int

	Overlap    float64 // the share of cells whose two intervals overlap (of those with intervals)
	MedianDiff float64 // the median |new/old − 1|
	Changed    []CellPair
}

// A CellPair is one cell in two runs.
type CellPair struct {
	Cell     rawfmt.Cell
	Old, New Estimate
	Change   Estimate // new over old, with its interval (the runs resampled apart)
	Apart    bool     // the intervals of Old and New leave each other out
	Differs  bool     // the change's interval leaves out 1
}

// The figures runs are compared on.
const (
	FigureRatio = "ratio to the base"
	FigureNs    = rawfmt.UnitNs
	FigureInstr = rawfmt.UnitInstr
)

// MatchRuns compares the cells old and new share, largest change first among
// those that differ.
func MatchRuns(old, new *load.Run) Match {
	a := Match{Figure: FigureNs}
	oldCells := cellsOf(old)
	switch {
	case old.Paired() && new.Paired():
		a.Figure = FigureRatio
	case len(oldCells) > 0 && len(old.Samples(oldCells[0], rawfmt.UnitInstr)) > 0:
		a.Figure, a.Exact = FigureInstr, true
	}
	figure := func(r *load.Run, c rawfmt.Cell) Sample { // not Known where r has none
		if a.Figure != FigureRatio {
			return Of(r, c, a.Figure) // FigureNs and FigureInstr are units
		}
		base := BaseOf(r, c.Op)
		if c.Codec == base || c.Harness() {
			return Sample{}
		}
		if den := Ns(r, c.Op, c.Fixture, base); den.Known() {
			return combine(Ns(r, c.Op, c.Fixture, c.Codec), den, func(x, y float64) float64 { return x / y })
		}
		return Sample{}
	}
	olds := map[rawfmt.Cell]Sample{}
	for _, c := range oldCells {
		if s := figure(old, c); s.Known() {
			olds[c] = s
		}
	}
	var overlapped, bounded int
	var diffs []float64
	for _, c := range cellsOf(new) {
		n := figure(new, c)
		if !n.Known() {
			continue
		}
		o, ok := olds[c]
		if !ok {
			a.OnlyNew++
			continue
		}
		delete(olds, c)
		p := CellPair{Cell: c, Old: o.Estimate(), New: n.Estimate()}
		p.Change, _ = Ratio(n, o)
		diffs = append(diffs, math.Abs(n.Point/o.Point-1))
		if p.Old.HasCI && p.New.HasCI {
			bounded++
			p.Apart = !overlap(p.Old, p.New)
			if !p.Apart {
				overlapped++
			}
		}
		p.Differs = Differs(p.Change) || a.Exact && n.Point != o.Point
		a.Cells = append(a.Cells, p)
		if p.Differs {
			a.Changed = append(a.Changed, p)
		}
	}
	a.OnlyOld = len(olds)
	if bounded > 0 {
		a.Overlap = float64(overlapped) / float64(bounded)
	}
	if len(diffs) > 0 {
		a.MedianDiff = Median(diffs)
	}
	slices.SortStableFunc(a.Changed, func(x, y CellPair) int {
		return cmp.Compare(math.Abs(math.Log(y.Change.V)), math.Abs(math.Log(x.Change.V)))
	})
	return a
}

// cellsOf lists r's cells in report order: op, fixture, codec.
func cellsOf(r *load.Run) []rawfmt.Cell {
	var out []rawfmt.Cell
	for c := range cells(r.Ops, r.Fixtures, slices.Concat(r.CodecNames, r.HarnessColumns())) {
		if len(r.Samples(c, rawfmt.UnitNs)) > 0 || len(r.Samples(c, rawfmt.UnitInstr)) > 0 {
			out = append(out, c)
		}
	}
	return out
}
