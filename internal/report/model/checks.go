package model

import (
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Check is one consistency check of a run: a relation between cells that
// what the operations do implies, so that a run contradicting it measured
// something else than it claims. A part (a cell doing some of the work of
// another) must not cost more than its whole beyond their intervals.
type Check struct {
	Rule    string      // the relation, e.g. "decode-struct ≤ roundtrip"
	Checked int         // pairs of cells the run has
	Failed  []Violation // the pairs whose intervals contradict it
}

// A Violation is a pair of cells contradicting a check: the part's
// interval lies wholly above the whole's.
type Violation struct {
	Part, Whole     rawfmt.Cell
	PartNs, WholeNs Summary
}

// A rule names a relation and gives the part of a whole cell it holds
// for.
type rule struct {
	name string
	part func(whole rawfmt.Cell) (rawfmt.Cell, bool)
}

// rules are the consistency checks of every run: a round trip decodes the
// struct and encodes it again, so it costs at least either step; a
// response with `_source` filtered to 5 fields is part of the full one, so
// it costs no more for any operation.
var rules = []rule{
	{load.OpDecodeStruct + " ≤ " + load.OpRoundtrip, step(load.OpDecodeStruct)},
	{load.OpEncodeStruct + " ≤ " + load.OpRoundtrip, step(load.OpEncodeStruct)},
	{load.ESHits.Prefix + "H-source5 ≤ " + load.ESHits.Prefix + "H-full", func(c rawfmt.Cell) (rawfmt.Cell, bool) {
		_, filtered, ok := load.HitsPair(c.Fixture)
		c.Fixture = filtered
		return c, ok
	}},
}

// step is the rule that op is part of a round trip on the same fixture.
func step(op string) func(rawfmt.Cell) (rawfmt.Cell, bool) {
	return func(c rawfmt.Cell) (rawfmt.Cell, bool) {
		ok := c.Op == load.OpRoundtrip
		c.Op = op
		return c, ok
	}
}

// Consistency runs every check on the codec cells of r, in rules' order.
// A pair contradicts its check only when the part's interval of its median
// ns/op lies wholly above the whole's (a cell without an interval is the
// point of its median): cells whose intervals overlap are not told apart.
func Consistency(r *load.Run) []Check {
	out := make([]Check, len(rules))
	for i, rl := range rules {
		out[i].Rule = rl.name
		for _, op := range r.Ops {
			for _, f := range r.Fixtures {
				for _, codec := range r.CodecNames {
					whole := rawfmt.Cell{Op: op, Fixture: f, Codec: codec}
					part, ok := rl.part(whole)
					ps, ws := r.Samples(part, rawfmt.UnitNs), r.Samples(whole, rawfmt.UnitNs)
					if !ok || len(ps) == 0 || len(ws) == 0 {
						continue
					}
					out[i].Checked++
					pSum, wSum := Summarize(ps), Summarize(ws)
					lo, _ := bounds(pSum.Estimate())
					if _, hi := bounds(wSum.Estimate()); lo > hi {
						out[i].Failed = append(out[i].Failed, Violation{Part: part, Whole: whole, PartNs: pSum, WholeNs: wSum})
					}
				}
			}
		}
	}
	return out
}

// Failed lists the checks that failed.
func Failed(checks []Check) []Check {
	return slices.DeleteFunc(slices.Clone(checks), func(c Check) bool { return len(c.Failed) == 0 })
}
