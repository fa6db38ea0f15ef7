package model

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Check is a relation between cells the operations imply: a part must not
// cost more than its whole beyond their intervals.
type Check struct {
	Rule    string      // the relation, e.g. "decode-struct ≤ roundtrip"
	Checked int         // pairs of cells the run has
	Failed  []Violation // the pairs whose intervals contradict it
}

// A Violation is a part whose interval lies wholly above its whole's.
type Violation struct {
	Part, Whole     rawfmt.Cell
	PartNs, WholeNs Estimate
}

type rule struct {
	name string
	part func(whole rawfmt.Cell) (rawfmt.Cell, bool)
}

// rules: a round trip costs at least either step; a filtered response, or
// a user's document filtered to the fields its client uses (make
// bench-doc), no more than the full one.
var rules = []rule{
	{rawfmt.OpDecodeStruct + " ≤ " + rawfmt.OpRoundtrip, step(rawfmt.OpDecodeStruct)},
	{rawfmt.OpEncodeStruct + " ≤ " + rawfmt.OpRoundtrip, step(rawfmt.OpEncodeStruct)},
	{load.ESHits.Prefix + "H-source5 ≤ " + load.ESHits.Prefix + "H-full", func(c rawfmt.Cell) (rawfmt.Cell, bool) {
		_, filtered, ok := load.HitsPair(c.Fixture)
		c.Fixture = filtered
		return c, ok
	}},
	{"<doc>" + rawfmt.FilteredSuffix + " ≤ <doc>", func(c rawfmt.Cell) (rawfmt.Cell, bool) {
		ok := !strings.HasSuffix(c.Fixture, rawfmt.FilteredSuffix)
		c.Fixture += rawfmt.FilteredSuffix
		return c, ok
	}},
}

func step(op string) func(rawfmt.Cell) (rawfmt.Cell, bool) {
	return func(c rawfmt.Cell) (rawfmt.Cell, bool) {
		ok := c.Op == rawfmt.OpRoundtrip
		c.Op = op
		return c, ok
	}
}

// Consistency runs every check on the codec cells' ns/op in r.
func Consistency(r *load.Run) []Check {
	out := make([]Check, len(rules))
	for i, rl := range rules {
		out[i].Rule = rl.name
		for whole := range cells(r.Ops, r.Fixtures, r.CodecNames) {
			part, ok := rl.part(whole)
			ps, ws := Of(r, part, rawfmt.UnitNs), Of(r, whole, rawfmt.UnitNs)
			if !ok || !ps.Known() || !ws.Known() {
				continue
			}
			out[i].Checked++
			pSum, wSum := ps.Estimate(), ws.Estimate()
			lo, _ := bounds(pSum)
			if _, hi := bounds(wSum); lo > hi {
				out[i].Failed = append(out[i].Failed, Violation{Part: part, Whole: whole, PartNs: pSum, WholeNs: wSum})
			}
		}
	}
	return out
}

// Why says in one sentence how the check failed: on how many of its pairs,
// and the first three.
func (c Check) Why() string {
	var first []string
	for _, v := range c.Failed[:min(3, len(c.Failed))] {
		first = append(first, cellName(v.Part)+" "+format.DurationCI(v.PartNs)+" above "+cellName(v.Whole)+" "+format.DurationCI(v.WholeNs))
	}
	if len(c.Failed) > 3 {
		first = append(first, "…")
	}
	return fmt.Sprintf("%s fails on %d of %d pairs: %s.", c.Rule, len(c.Failed), c.Checked, strings.Join(first, "; "))
}

// cellName is a cell as op/fixture/codec, escaped for Markdown.
func cellName(c rawfmt.Cell) string { return markdown.Escape(c.Op + "/" + c.Fixture + "/" + c.Codec) }

// Failed lists the checks that failed.
func Failed(checks []Check) []Check {
	return slices.DeleteFunc(slices.Clone(checks), func(c Check) bool { return len(c.Failed) == 0 })
}
