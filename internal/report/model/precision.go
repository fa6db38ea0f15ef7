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
		hw := halfWidths(r, op, r.FixturesOf(load.Fields), &p)
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

// halfWidths returns the half-widths of the finite intervals of op's codec
// cells on fixtures; with p, it counts the cells without one and lists the
// wide ones there.
func halfWidths(r *load.Run, op string, fixtures []string, p *OpPrecision) []float64 {
	var hw []float64
	for _, f := range fixtures {
		for _, codec := range r.CodecNames {
			s := r.Ns(op, f, codec)
			if len(s) == 0 {
				continue
			}
			h, ok := HalfWidth(Summarize(s))
			switch {
			case !ok && p != nil:
				p.Unbounded++
			case ok && h > WideHalfWidth && p != nil:
				p.Wide = append(p.Wide, WideCell{Cell: rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, HalfWidth: h})
			}
			if ok {
				hw = append(hw, h)
			}
		}
	}
	return hw
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

// MaxSpread is the median relative half-width of a run's cell intervals
// above which the run is too imprecise to rank its configurations or state
// a finding: its intervals would overlap for differences of tens of
// percent.
const MaxSpread = WideHalfWidth

// Spread is the median, over every codec cell of r with a finite interval
// of its median ns/op, of that interval's relative half-width (see
// HalfWidth); ok is false when no cell has one.
func Spread(r *load.Run) (median float64, ok bool) {
	var hw []float64
	for _, op := range r.Ops {
		hw = append(hw, halfWidths(r, op, r.Fixtures, nil)...)
	}
	if len(hw) == 0 {
		return 0, false
	}
	return Median(hw), true
}
