package model

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// An InstrOp is one operation of an instruction count.
type InstrOp struct {
	Op        string
	Fits      []InstrFit // per codec with counts, in report order
	Agreement Agreement
	Discords  []Discord // the documents on which time and instructions order the codecs differently
}

// A Discord is a document on which time and instructions order the codecs
// differently: each codec whose place (1 for the cheapest) differs, with
// its place by time and by instructions.
type Discord struct {
	Fixture         string
	Codecs          []string
	ByTime, ByInstr []float64 // a tie shares the mean of its places
}

// An InstrFit is a codec's instructions/op curve against fields.
type InstrFit struct {
	Codec string
	Fit   Result
}

// Agreement is Spearman's ρ of two sets of medians over common cells:
// instructions/op with ns/op, or one machine's ns/op with another's.
type Agreement struct {
	Cells int
	Rho   float64 // NaN with fewer than 3
	// Per fixture with at least 3 codecs: the median ρ and the lowest.
	Fixtures      int
	Median, Least float64
	LeastFixture  string
	// RatioRho is ρ of each codec's figure over its base's on the same
	// document, over the cells with both: the ranking within documents,
	// which the size of the documents does not dominate. NaN with fewer than 3.
	RatioCells int
	RatioRho   float64
}

// Instructions analyses the operations with codec counts of the
// instruction count in of the full run r, in report order.
func Instructions(r, in *load.Run) []InstrOp {
	var ops []InstrOp
	for _, op := range in.Ops {
		o := InstrOp{Op: op}
		for _, codec := range in.CodecNames {
			if !slices.ContainsFunc(in.Fixtures, func(f string) bool {
				return len(in.Samples(rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, rawfmt.UnitInstr)) > 0
			}) {
				continue
			}
			o.Fits = append(o.Fits, InstrFit{Codec: codec, Fit: fit(in, r.Sizes, op, codec, InstrSpec)})
		}
		if len(o.Fits) == 0 {
			continue
		}
		o.Agreement = rankAgreement(r, in, op)
		o.Discords = discords(r, in, op)
		ops = append(ops, o)
	}
	return ops
}

// rankAgreement is the agreement of the count in with the times of r on op.
func rankAgreement(r, in *load.Run, op string) Agreement {
	return agreement(op, in.Fixtures, in.CodecNames, BaseOf(r, op), in, rawfmt.UnitInstr, r)
}

// discords are the fixtures of in on which the codecs with both a time in r
// and a count in in take other places by the one than by the other.
func discords(r, in *load.Run, op string) []Discord {
	var out []Discord
	for _, f := range in.Fixtures {
		var codecs []string
		var ts, is []float64
		for _, codec := range in.CodecNames {
			c := rawfmt.Cell{Op: op, Fixture: f, Codec: codec}
			t, i := Of(r, c, rawfmt.UnitNs), Of(in, c, rawfmt.UnitInstr)
			if t.Known() && i.Known() {
				codecs, ts, is = append(codecs, codec), append(ts, t.Point), append(is, i.Point)
			}
		}
		d := Discord{Fixture: f}
		byTime, byInstr := ranks(ts), ranks(is)
		for k, codec := range codecs {
			if byTime[k] != byInstr[k] {
				d.Codecs = append(d.Codecs, codec)
				d.ByTime, d.ByInstr = append(d.ByTime, byTime[k]), append(d.ByInstr, byInstr[k])
			}
		}
		if len(d.Codecs) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// agreement is Spearman's ρ of the medians of x's figures in xunit and y's
// ns/op over op's cells of fixtures and codecs where both have samples, and
// per fixture across codecs.
func agreement(op string, fixtures, codecs []string, base string, x *load.Run, xunit string, y *load.Run) Agreement {
	rk := Agreement{Median: math.NaN(), Least: math.NaN()}
	var xs, ys, rhos, rx, ry []float64
	for _, f := range fixtures {
		start := len(xs)
		bc := rawfmt.Cell{Op: op, Fixture: f, Codec: base}
		xb, yb := Of(x, bc, xunit), Of(y, bc, rawfmt.UnitNs)
		for _, codec := range codecs {
			c := rawfmt.Cell{Op: op, Fixture: f, Codec: codec}
			a, b := Of(x, c, xunit), Of(y, c, rawfmt.UnitNs)
			if !a.Known() || !b.Known() {
				continue
			}
			xs, ys = append(xs, a.Point), append(ys, b.Point)
			if codec != base && xb.Known() && yb.Known() && xb.Point > 0 && yb.Point > 0 {
				rx, ry = append(rx, a.Point/xb.Point), append(ry, b.Point/yb.Point)
			}
		}
		rho := Spearman(xs[start:], ys[start:])
		if math.IsNaN(rho) { // fewer than 3 codecs
			continue
		}
		rhos = append(rhos, rho)
		if math.IsNaN(rk.Least) || rho < rk.Least {
			rk.Least, rk.LeastFixture = rho, f
		}
	}
	rk.Cells, rk.Rho = len(xs), Spearman(xs, ys)
	rk.RatioCells, rk.RatioRho = len(rx), Spearman(rx, ry)
	if rk.Fixtures = len(rhos); rk.Fixtures > 0 {
		rk.Median = Median(rhos)
	}
	return rk
}

// Spearman is the rank correlation of x and y, NaN for fewer than 3 pairs.
func Spearman(x, y []float64) float64 {
	if len(x) < 3 || len(x) != len(y) {
		return math.NaN()
	}
	return stat.Correlation(ranks(x), ranks(y), nil)
}

// ranks returns x's 1-based ranks, ties sharing their mean.
func ranks(x []float64) []float64 {
	order := make([]int, len(x))
	floats.Argsort(slices.Clone(x), order)
	r := make([]float64, len(x))
	for i := 0; i < len(order); {
		j := i
		for j+1 < len(order) && x[order[j+1]] == x[order[i]] {
			j++
		}
		for _, o := range order[i : j+1] {
			r[o] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}
