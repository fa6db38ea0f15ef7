package httppage

import (
	"math"
	"slices"

	"golang.org/x/perf/benchmath"

	"github.com/jsoncost/jsoncost/internal/report/format"
)

// confidence is the level of every interval.
const confidence = 0.95

// A summary is a median with its 95% interval, distribution-free as
// benchstat's (benchmath.AssumeNothing): infinite when there are too few
// samples (fewer than 6) for one.
type summary struct {
	center, lo, hi float64
}

func summarize(vals []float64) summary {
	if len(vals) == 0 {
		return summary{math.NaN(), math.NaN(), math.NaN()}
	}
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(vals), &benchmath.DefaultThresholds), confidence)
	return summary{s.Center, s.Lo, s.Hi}
}

// estimate is s multiplied by scale, with its interval when it is finite.
func (s summary) estimate(scale float64) format.Estimate {
	return format.Estimate{V: s.center * scale, Lo: s.lo * scale, Hi: s.hi * scale, HasCI: s.bounded()}
}

// bounded reports whether the interval is finite.
func (s summary) bounded() bool {
	return !math.IsInf(s.lo, 0) && !math.IsInf(s.hi, 0) && !math.IsNaN(s.lo) && !math.IsNaN(s.hi)
}

// established reports whether an effect is a finding: its interval is
// finite, excludes zero and is no wider than the effect itself.
func (s summary) established() bool {
	return s.bounded() && (s.lo > 0 || s.hi < 0) && s.hi-s.lo <= math.Abs(s.center)
}

// paired summarises f(base, variant) over the rounds: the rounds are
// interleaved, so a round's base and variant ran minutes apart at most,
// and the pairing takes out the drift between rounds.
func paired(base, variant []float64, f func(b, v float64) float64) summary {
	n := min(len(base), len(variant))
	d := make([]float64, n)
	for i := range n {
		d[i] = f(base[i], variant[i])
	}
	return summarize(d)
}

// difference is the variant's value less the base's.
func difference(b, v float64) float64 { return v - b }

// change is the variant's change relative to the base, in percent.
func change(b, v float64) float64 { return (v/b - 1) * 100 }
