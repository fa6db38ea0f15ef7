package model

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// WideHalfWidth is the relative half-width above which a cell's interval
// is listed as wide.
const WideHalfWidth = 0.10

// OpPrecision is how precisely a run measured one operation's fields-*
// cells: the relative half-widths of their 95% intervals of ns/op.
type OpPrecision struct {
	Op          string
	Cells       int     // codec cells with a finite interval
	Unbounded   int     // codec cells with too few samples for one
	Median, P90 float64 // of the half-widths
	Wide        []WideCell
}

// A WideCell is a cell whose interval is wider than ±WideHalfWidth.
type WideCell struct {
	Cell      rawfmt.Cell
	HalfWidth float64
}

// HalfWidth is the relative half-width of a summary's interval as
// benchstat prints it ("± x%"): the larger distance from the median to a
// bound, over the median. ok is false when the interval is not finite or
// the median is not above zero.
func HalfWidth(s Summary) (float64, bool) {
	if !s.HasCI || s.Center <= 0 {
		return 0, false
	}
	return math.Max(s.Hi/s.Center-1, 1-s.Lo/s.Center), true
}

// AllOps names the precision of every operation's fields-* cells taken
// together.
const AllOps = "all operations"

// Precise computes the precision of every operation with fields-* cells,
// and last, when there are any, of all their cells together, as AllOps
// (without the wide cells, which the operations list).
func Precise(r *load.Run) []OpPrecision {
	var out []OpPrecision
	all := OpPrecision{Op: AllOps}
	var allHW []float64
	for _, op := range r.Ops {
		p := OpPrecision{Op: op}
		var hw []float64
		for _, f := range r.FixturesOf(load.Fields) {
			for _, codec := range r.CodecNames {
				s := r.Ns(op, f, codec)
				if len(s) == 0 {
					continue
				}
				h, ok := HalfWidth(Summarize(s))
				if !ok {
					p.Unbounded++
					continue
				}
				hw = append(hw, h)
				if h > WideHalfWidth {
					p.Wide = append(p.Wide, WideCell{Cell: rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, HalfWidth: h})
				}
			}
		}
		if len(hw) == 0 && p.Unbounded == 0 {
			continue
		}
		p.quantiles(hw)
		out = append(out, p)
		allHW = append(allHW, hw...)
		all.Unbounded += p.Unbounded
	}
	if len(out) > 0 {
		all.quantiles(allHW)
		out = append(out, all)
	}
	return out
}

// quantiles sets p's cell count, median and 90th percentile from the
// half-widths hw.
func (p *OpPrecision) quantiles(hw []float64) {
	if p.Cells = len(hw); p.Cells > 0 {
		slices.Sort(hw)
		p.Median = stat.Quantile(0.5, stat.LinInterp, hw, nil)
		p.P90 = stat.Quantile(0.9, stat.LinInterp, hw, nil)
	}
}
