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
	h := Harness{Noop: Summarize(r.Samples(r.Noop, rawfmt.UnitNs)), NoopAllocs: Summarize(r.Samples(r.Noop, rawfmt.UnitAllocs))}
	best, bestCodec := math.Inf(1), math.Inf(1)
	for _, op := range r.Ops {
		for _, f := range r.Fixtures {
			for _, codec := range r.Columns(op) {
				s := r.Ns(op, f, codec)
				if len(s) == 0 {
					continue
				}
				c, m := rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, Median(s)
				if m < best {
					best, h.Cheapest, h.CheapestNs = m, c, Summarize(s)
				}
				if !c.Harness() && m < bestCodec {
					bestCodec, h.CheapestCodec, h.CheapestCodNs = m, c, Summarize(s)
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
	for _, op := range r.Ops {
		for _, f := range r.Fixtures {
			floor := r.Ns(op, f, rawfmt.Floor)
			if len(floor) == 0 {
				continue
			}
			for _, codec := range r.CodecNames {
				s := r.Ns(op, f, codec)
				if len(s) == 0 || Median(s) >= Median(floor) {
					continue
				}
				ratio, _ := Ratio(s, floor)
				out = append(out, FloorCell{
					Cell:  rawfmt.Cell{Op: op, Fixture: f, Codec: codec},
					Codec: Summarize(s), Floor: Summarize(floor), Ratio: ratio,
				})
			}
		}
	}
	return out
}
