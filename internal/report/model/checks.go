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

// A rule names a relation and the pairs of cells, part and whole, it holds
// between.
type rule struct {
	name  string
	pairs func(r *load.Run) [][2]rawfmt.Cell
}

// rules are the consistency checks of every run: a round trip decodes the
// struct and encodes it again, so it costs at least either step; a
// response with `_source` filtered to 5 fields is part of the full one, so
// it costs no more for any operation.
var rules = []rule{
	{load.OpDecodeStruct + " ≤ " + load.OpRoundtrip, sameFixture(load.OpDecodeStruct, load.OpRoundtrip)},
	{load.OpEncodeStruct + " ≤ " + load.OpRoundtrip, sameFixture(load.OpEncodeStruct, load.OpRoundtrip)},
	{load.ESHits.Prefix + "H-source5 ≤ " + load.ESHits.Prefix + "H-full", filteredHits},
}

// sameFixture pairs each codec's cell of op part with its cell of op whole
// on the same fixture.
func sameFixture(part, whole string) func(r *load.Run) [][2]rawfmt.Cell {
	return func(r *load.Run) [][2]rawfmt.Cell {
		var out [][2]rawfmt.Cell
		for _, f := range r.Fixtures {
			for _, codec := range r.CodecNames {
				out = append(out, [2]rawfmt.Cell{{Op: part, Fixture: f, Codec: codec}, {Op: whole, Fixture: f, Codec: codec}})
			}
		}
		return out
	}
}

// filteredHits pairs, per operation and codec, the filtered search
// response with the full one of the same hit count.
func filteredHits(r *load.Run) [][2]rawfmt.Cell {
	var out [][2]rawfmt.Cell
	for _, op := range r.Ops {
		for _, f := range r.Fixtures {
			_, filtered, ok := load.HitsPair(f)
			if !ok {
				continue
			}
			for _, codec := range r.CodecNames {
				out = append(out, [2]rawfmt.Cell{{Op: op, Fixture: filtered, Codec: codec}, {Op: op, Fixture: f, Codec: codec}})
			}
		}
	}
	return out
}

// Consistency runs every check on the codec cells of r, in rules' order.
// A pair contradicts its check only when the part's interval of its median
// ns/op lies wholly above the whole's (a cell without an interval is the
// point of its median): cells whose intervals overlap are not told apart.
func Consistency(r *load.Run) []Check {
	out := make([]Check, len(rules))
	for i, rl := range rules {
		out[i].Rule = rl.name
		for _, p := range rl.pairs(r) {
			part, whole := r.Samples(p[0], rawfmt.UnitNs), r.Samples(p[1], rawfmt.UnitNs)
			if len(part) == 0 || len(whole) == 0 {
				continue
			}
			out[i].Checked++
			ps, ws := Summarize(part), Summarize(whole)
			lo, _ := bounds(ps.Estimate())
			if _, hi := bounds(ws.Estimate()); lo > hi {
				out[i].Failed = append(out[i].Failed, Violation{Part: p[0], Whole: p[1], PartNs: ps, WholeNs: ws})
			}
		}
	}
	return out
}

// Failed lists the checks that failed.
func Failed(checks []Check) []Check {
	return slices.DeleteFunc(slices.Clone(checks), func(c Check) bool { return len(c.Failed) == 0 })
}
