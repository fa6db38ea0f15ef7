package model

import (
	"math"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// Harness compares the harness's own cost with the cheapest cells.
type Harness struct {
	Noop, NoopAllocs Estimate // not Known without the noop cell

	Cheapest      rawfmt.Cell // the cheapest cell, the harness columns' included
	CheapestNs    Estimate
	CheapestCodec rawfmt.Cell // the cheapest codec cell
	CheapestCodNs Estimate
}

// HarnessCost summarises the noop cell and finds the cheapest cells.
func HarnessCost(r *load.Run) Harness {
	h := Harness{Noop: Of(r, r.Noop, rawfmt.UnitNs).Estimate(), NoopAllocs: Summarize(r.Samples(r.Noop, rawfmt.UnitAllocs))}
	best, bestCodec := math.Inf(1), math.Inf(1)
	for _, op := range r.Ops {
		for c := range cells([]string{op}, r.Fixtures, r.Columns(op)) {
			s := Of(r, c, rawfmt.UnitNs)
			if !s.Known() {
				continue
			}
			if s.Point < best {
				best, h.Cheapest, h.CheapestNs = s.Point, c, s.Estimate()
			}
			if !c.Harness() && s.Point < bestCodec {
				bestCodec, h.CheapestCodec, h.CheapestCodNs = s.Point, c, s.Estimate()
			}
		}
	}
	return h
}

// A FloorCell is a codec cell whose median is below the floor's.
type FloorCell struct {
	Cell         rawfmt.Cell
	Codec, Floor Estimate // ns/op
	Ratio        Estimate // the codec's time over the floor's
}

// UnderFloor lists the codec cells faster than rawfmt.Floor, in report order.
func UnderFloor(r *load.Run) []FloorCell {
	var out []FloorCell
	for c := range cells(r.Ops, r.Fixtures, r.CodecNames) {
		floor := Ns(r, c.Op, c.Fixture, rawfmt.Floor)
		s := Of(r, c, rawfmt.UnitNs)
		if !floor.Known() || !s.Known() || s.Point >= floor.Point {
			continue
		}
		ratio, _ := Ratio(s, floor)
		out = append(out, FloorCell{Cell: c, Codec: s.Estimate(), Floor: floor.Estimate(), Ratio: ratio})
	}
	return out
}
