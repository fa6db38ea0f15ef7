package model

import (
	"cmp"
	"fmt"
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

	// Setup lists, as "key old → new", the configuration lines that say
	// where, with what and how a run was measured whose values differ
	// between the runs (SetupKeys): every change includes those differences.
	Setup []string

	// HostSpeed is how fast the host ran new against old: the geometric
	// mean of old over new ns/op of the cells of the operations' bases both
	// runs timed; 0 where they share none, count instructions, or differ in
	// Setup, which changes the bases' speed too. Pairs
	// cancel the host's speed only where every codec slows alike; on these
	// machines they do not, so two runs made at host speeds far apart
	// (beyond HostSpeedApart) disagree by more than their intervals say.
	HostSpeed  float64
	SpeedCells int // the base cells HostSpeed rests on
}

// SetupKeys are the configuration keys that say where, with what and how a run was measured.
var SetupKeys = []string{rawfmt.KeyMachine, rawfmt.KeyCPU, rawfmt.KeyGeneration, rawfmt.KeyGo, rawfmt.KeyMeter}

// HostSpeedApart is how far apart two runs' host speeds may be, as a
// factor, before make compare warns that their disagreement is the host's.
const HostSpeedApart = 1.15

// Apart reports whether the runs were made at host speeds further apart than HostSpeedApart.
func (m Match) Apart() bool {
	return m.SpeedCells > 0 && (m.HostSpeed > HostSpeedApart || m.HostSpeed < 1/HostSpeedApart)
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
	for _, key := range SetupKeys {
		o, _ := old.Value(key)
		n, _ := new.Value(key)
		if o != n {
			a.Setup = append(a.Setup, fmt.Sprintf("%s %s → %s", key, cmp.Or(o, "none"), cmp.Or(n, "none")))
		}
	}
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
	if !a.Exact && len(a.Setup) == 0 {
		a.HostSpeed, a.SpeedCells = hostSpeed(old, new)
	}
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

// hostSpeed is the geometric mean of old's over new's ns/op of the cells of
// each operation's base both runs have, and how many there are.
func hostSpeed(old, new *load.Run) (float64, int) {
	var sum float64
	var n int
	for _, op := range new.Ops {
		base := BaseOf(new, op)
		if base == "" || base != BaseOf(old, op) {
			continue
		}
		for _, f := range new.Fixtures {
			o, nw := Ns(old, op, f, base), Ns(new, op, f, base)
			if o.Known() && nw.Known() && o.Point > 0 && nw.Point > 0 {
				sum += math.Log(o.Point / nw.Point)
				n++
			}
		}
	}
	if n == 0 {
		return 0, 0
	}
	return math.Exp(sum / float64(n)), n
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
