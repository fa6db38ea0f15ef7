package model

import (
	"cmp"
	"math"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// An Upgrade compares the builds of an upgrade run (make bench-upgrade), every later build against the first.
type Upgrade struct {
	Run         *load.Run
	Old         *load.Run // the first build
	Comparisons []Comparison
}

// A Comparison is one build against the first, cell by cell.
type Comparison struct {
	New   *load.Run
	Ops   []UpgradeOp
	Moves []Move // every cell with an interval, largest change first
}

// An UpgradeOp is one operation's rows: per codec, the change on each fixture.
type UpgradeOp struct {
	Op       string
	Fixtures []string
	Rows     []UpgradeRow
}

// An UpgradeRow is one codec's cells of an operation, in the order of the op's fixtures.
type UpgradeRow struct {
	Codec string
	Moves []Move // the zero Move where a build lacks the cell
}

// A Move is one cell in two builds: new ns/op over old, and the codec's lead over encoding-json (its ns/op over
// the codec's) in each, with intervals; Lead* are unknown for encoding-json and where it has no cell.
type Move struct {
	Cell             rawfmt.Cell
	Ratio            Estimate
	LeadOld, LeadNew Estimate
	LeadChange       Estimate // LeadNew over LeadOld
	OK, HasLead      bool
}

// Differs reports whether the interval of the ratio leaves out 1.
func (m Move) Differs() bool { return m.OK && Differs(m.Ratio) }

// UpgradeOf compares the builds of r, an upgrade run; nil for a run with fewer than two builds.
func UpgradeOf(r *load.Run) *Upgrade {
	if len(r.Builds) < 2 {
		return nil
	}
	u := &Upgrade{Run: r, Old: r.Builds[0]}
	for _, nr := range r.Builds[1:] {
		c := Comparison{New: nr}
		for _, op := range u.Old.Ops {
			uo := UpgradeOp{Op: op, Fixtures: u.Old.Fixtures}
			for _, codec := range u.Old.CodecNames {
				row := UpgradeRow{Codec: codec}
				for _, f := range uo.Fixtures {
					m := move(u.Old, nr, rawfmt.Cell{Op: op, Fixture: f, Codec: codec})
					row.Moves = append(row.Moves, m)
					if m.OK && m.Ratio.HasCI {
						c.Moves = append(c.Moves, m)
					}
				}
				if slices.ContainsFunc(row.Moves, func(m Move) bool { return m.OK }) {
					uo.Rows = append(uo.Rows, row)
				}
			}
			if len(uo.Rows) > 0 {
				c.Ops = append(c.Ops, uo)
			}
		}
		slices.SortStableFunc(c.Moves, func(a, b Move) int {
			return cmp.Compare(math.Abs(math.Log(b.Ratio.V)), math.Abs(math.Log(a.Ratio.V)))
		})
		u.Comparisons = append(u.Comparisons, c)
	}
	return u
}

func move(old, nr *load.Run, c rawfmt.Cell) Move {
	o, n := Of(old, c, rawfmt.UnitNs), Of(nr, c, rawfmt.UnitNs)
	m := Move{Cell: c}
	if nr.Paired() { // the builds' slices were paired: their ratio is the pairs'
		ratio := FirstBuildRatio(nr, c)
		m.Ratio, m.OK = ratio.Estimate(), ratio.Known()
	} else {
		m.Ratio, m.OK = Ratio(n, o)
	}
	if !m.OK {
		return m
	}
	bo, bn := Ns(old, c.Op, c.Fixture, rawfmt.Base), Ns(nr, c.Op, c.Fixture, rawfmt.Base)
	if c.Codec == rawfmt.Base || !bo.Known() || !bn.Known() {
		return m
	}
	m.LeadOld, _ = Ratio(bo, o)
	m.LeadNew, _ = Ratio(bn, n)
	m.LeadChange = Derive([]Sample{bn, n, bo, o}, func(md []float64) float64 { return md[0] / md[1] / (md[2] / md[3]) })
	m.HasLead = true
	return m
}
