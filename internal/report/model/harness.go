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
		for _, f := range r.Fixtures {
			for _, codec := range r.Columns(op) {
				s := Ns(r, op, f, codec)
				if !s.Known() {
					continue
				}
				c, m := rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, s.Point
				if m < best {
					best, h.Cheapest, h.CheapestNs = m, c, s.Estimate()
				}
				if !c.Harness() && m < bestCodec {
					bestCodec, h.CheapestCodec, h.CheapestCodNs = m, c, s.Estimate()
				}
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
