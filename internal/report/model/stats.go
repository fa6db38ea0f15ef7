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

// withCI is v with the Confidence interval of its replicates reps, which it sorts.
func withCI(v float64, reps []float64) Estimate {
	slices.Sort(reps)
	alpha := (1 - Confidence) / 2
	return Estimate{V: v, Lo: quantile(reps, alpha), Hi: quantile(reps, 1-alpha), HasCI: true}
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
