package model

import (
	"cmp"
	"math"
	"slices"

	"golang.org/x/perf/benchmath"

	"github.com/jsoncost/jsoncost/internal/report/format"
)

const (
	// Confidence is the level of every interval.
	Confidence = 0.95
	// BootstrapReps is the number of bootstrap draws.
	BootstrapReps = 1000
	// MinBootstrapSamples is the fewest samples for a bootstrap interval.
	MinBootstrapSamples = 3
	// MinMedianSamples is the fewest samples for a median's interval.
	MinMedianSamples = 6
)

// Summarize is the median of samples with benchmath's interval, as
// benchstat gives it; HasCI is false when there are too few samples for a
// finite interval, and none give NaN, which package format prints as
// format.None.
func Summarize(vals []float64) Estimate {
	if len(vals) == 0 {
		return Estimate{V: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	sample := benchmath.NewSample(slices.Clone(vals), &benchmath.DefaultThresholds)
	sum := benchmath.AssumeNothing.Summary(sample, Confidence)
	return Estimate{V: sum.Center, Lo: sum.Lo, Hi: sum.Hi, HasCI: !math.IsInf(sum.Lo, 0) && !math.IsInf(sum.Hi, 0)}
}

// Median is the sample median, NaN of none.
func Median(vals []float64) float64 {
	if len(vals) == 0 {
		return math.NaN()
	}
	s := slices.Sorted(slices.Values(vals))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// An Estimate is a median (Summarize) or a quantity derived from medians
// (Derive) with its confidence interval, as package format prints it.
type Estimate = format.Estimate

// withCI is v with the Confidence interval of its replicates reps, which it reorders.
func withCI(v float64, reps []float64) Estimate {
	alpha := (1 - Confidence) / 2
	return Estimate{V: v, Lo: quantile(reps, alpha), Hi: quantile(reps, 1-alpha), HasCI: true}
}

// quantile is the q-quantile of xs, interpolated between the two ranks
// around it as in the sorted xs; it reorders xs. It selects the two ranks
// rather than sorting: a bootstrap interval wants two of a thousand.
func quantile(xs []float64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	i := int(pos)
	lo := nth(xs, i)
	if i+1 >= len(xs) {
		return lo
	}
	hi := xs[i+1] // after nth, the least of xs[i+1:] is the next rank
	for _, x := range xs[i+2:] {
		if cmp.Less(x, hi) {
			hi = x
		}
	}
	return lo + (pos-float64(i))*(hi-lo)
}

// nth reorders xs so that xs[k] holds what slices.Sort would put there,
// with nothing greater before it and nothing less after it, and returns it.
// Each pass splits the part holding k three ways around its middle value,
// so runs of equal values, which a bootstrap of medians draws often, end it.
func nth(xs []float64, k int) float64 {
	lo, hi := 0, len(xs)
	for hi-lo > 1 {
		p := xs[lo+(hi-lo)/2]
		lt, i, gt := lo, lo, hi // xs[lo:lt] < p, xs[lt:i] == p, xs[gt:hi] > p
		for i < gt {
			switch c := cmp.Compare(xs[i], p); {
			case c < 0:
				xs[lt], xs[i] = xs[i], xs[lt]
				lt++
				i++
			case c > 0:
				gt--
				xs[i], xs[gt] = xs[gt], xs[i]
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k >= gt:
			lo = gt
		default:
			return xs[k]
		}
	}
	return xs[k]
}
