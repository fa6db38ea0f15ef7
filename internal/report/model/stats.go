package model

import (
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
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
	sum := benchmath.AssumeNothing.Summary(newSample(vals), Confidence)
	return Estimate{V: sum.Center, Lo: sum.Lo, Hi: sum.Hi, HasCI: !math.IsInf(sum.Lo, 0) && !math.IsInf(sum.Hi, 0)}
}

func newSample(vals []float64) *benchmath.Sample {
	return benchmath.NewSample(slices.Clone(vals), &benchmath.DefaultThresholds)
}

// Median is the sample median, NaN of none.
func Median(vals []float64) float64 {
	if len(vals) == 0 {
		return math.NaN()
	}
	return median(slices.Sorted(slices.Values(vals)))
}

func median(s []float64) float64 {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// An Estimate is a median (Summarize) or a quantity derived from medians
// (Derive) with its confidence interval.
type Estimate struct {
	V, Lo, Hi float64
	HasCI     bool
}

// Known reports whether e has a value: Summarize of no samples has none.
func (e Estimate) Known() bool { return !math.IsNaN(e.V) }

// Times returns e, interval included, multiplied by f > 0.
func (e Estimate) Times(f float64) Estimate {
	return Estimate{V: e.V * f, Lo: e.Lo * f, Hi: e.Hi * f, HasCI: e.HasCI}
}

// ShowsCI reports whether e has an interval that is not a point.
func (e Estimate) ShowsCI() bool { return e.HasCI && (e.Lo != e.V || e.Hi != e.V) }

// estimate is stat's k outputs at pts' points with their Confidence
// intervals (derive over the points' samples).
func estimate(pts points, k int, stat func(y, out []float64)) []Estimate {
	return derive(pts.samples, k, stat)
}

func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	frac := pos - float64(i)
	return sorted[i] + frac*(sorted[i+1]-sorted[i])
}
