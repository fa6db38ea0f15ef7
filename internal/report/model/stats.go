package model

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"golang.org/x/perf/benchmath"
	"gonum.org/v1/gonum/floats"
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

// A Summary is a cell's median with benchmath's interval.
type Summary struct {
	Center, Lo, Hi float64
	HasCI          bool // false when there are too few samples for a finite interval
}

// Summarize summarises samples as benchstat does.
func Summarize(vals []float64) Summary {
	sum := benchmath.AssumeNothing.Summary(newSample(vals), Confidence)
	return Summary{Center: sum.Center, Lo: sum.Lo, Hi: sum.Hi, HasCI: !math.IsInf(sum.Lo, 0) && !math.IsInf(sum.Hi, 0)}
}

// Estimate returns s as an Estimate.
func (s Summary) Estimate() Estimate {
	return Estimate{V: s.Center, Lo: s.Lo, Hi: s.Hi, HasCI: s.HasCI}
}

func newSample(vals []float64) *benchmath.Sample {
	return benchmath.NewSample(slices.Clone(vals), &benchmath.DefaultThresholds)
}

// A Test is benchmath's Mann-Whitney U test of two samples.
type Test struct {
	Differ     bool    // at alpha 0.05
	P          float64 // the p-value
	Untestable error   // why the test could not tell, when the samples are too small
}

// Compare tests whether samples a and b differ.
func Compare(a, b []float64) Test {
	c := benchmath.AssumeNothing.Compare(newSample(a), newSample(b))
	t := Test{Differ: c.P < c.Alpha, P: c.P}
	if len(c.Warnings) > 0 {
		t.Untestable = c.Warnings[0]
	}
	return t
}

// Median is the sample median.
func Median(vals []float64) float64 {
	s, n := slices.Sorted(slices.Values(vals)), len(vals)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// An Estimate is a derived quantity with its bootstrap confidence interval.
type Estimate struct {
	V, Lo, Hi float64
	HasCI     bool
}

// Times returns e, interval included, multiplied by f > 0.
func (e Estimate) Times(f float64) Estimate {
	return Estimate{V: e.V * f, Lo: e.Lo * f, Hi: e.Hi * f, HasCI: e.HasCI}
}

// ShowsCI reports whether e has an interval that is not a point.
func (e Estimate) ShowsCI() bool { return e.HasCI && (e.Lo != e.V || e.Hi != e.V) }

// bootstrap is the Confidence interval of stat's k outputs over resampled
// medians of sets; ok is false for a set under MinBootstrapSamples.
func bootstrap(sets [][]float64, k int, stat func(medians, out []float64)) (lo, hi []float64, ok bool) {
	constant := true
	for _, s := range sets {
		if len(s) < MinBootstrapSamples {
			return nil, nil, false
		}
		constant = constant && slices.Min(s) == slices.Max(s)
	}
	meds := make([]float64, len(sets))
	out := make([]float64, k)
	if constant {
		for i, s := range sets {
			meds[i] = s[0]
		}
		stat(meds, out)
		return slices.Clone(out), slices.Clone(out), true
	}
	order := make([][]int, len(sets))
	for i, s := range sets {
		order[i] = make([]int, len(s))
		floats.Argsort(slices.Clone(s), order[i])
	}
	draws := make([][]float64, k)
	for j := range draws {
		draws[j] = make([]float64, BootstrapReps)
	}
	counts := drawCounts(sets)
	for rep := range BootstrapReps {
		for i, s := range sets {
			n := len(s)
			c := counts[:n]
			counts = counts[n:]
			meds[i] = nth(s, order[i], c, n/2)
			if n%2 == 0 {
				meds[i] = (nth(s, order[i], c, n/2-1) + meds[i]) / 2
			}
		}
		stat(meds, out)
		for j := range k {
			draws[j][rep] = out[j]
		}
	}
	alpha := (1 - Confidence) / 2
	lo, hi = make([]float64, k), make([]float64, k)
	for j, d := range draws {
		slices.Sort(d)
		lo[j], hi[j] = quantile(d, alpha), quantile(d, 1-alpha)
	}
	return lo, hi, true
}

// nth is the m-th smallest of a draw taking set[j] counts[j] times.
func nth(set []float64, order []int, counts []int32, m int) float64 {
	for _, j := range order {
		if m -= int(counts[j]); m < 0 {
			return set[j]
		}
	}
	panic("a draw of fewer samples than its set")
}

var drawn = struct {
	sync.Mutex
	m map[string][]int32
}{m: map[string][]int32{}}

// drawCounts is how often each draw took each sample, from a constant
// seed, so cached per sequence of set sizes.
func drawCounts(sets [][]float64) []int32 {
	sizes, total := make([]int, len(sets)), 0
	for i, s := range sets {
		sizes[i], total = len(s), total+len(s)
	}
	key := fmt.Sprint(sizes)
	drawn.Lock()
	defer drawn.Unlock()
	if c, ok := drawn.m[key]; ok {
		return c
	}
	rng := rand.New(rand.NewPCG(1, 2))
	c := make([]int32, BootstrapReps*total)
	for off := 0; off < len(c); {
		for _, n := range sizes {
			for range n {
				c[off+rng.IntN(n)]++
			}
			off += n
		}
	}
	if len(drawn.m) < 256 { // a bound on the memory held
		drawn.m[key] = c
	}
	return c
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

// Derive computes stat on the medians of sets, with its bootstrap interval.
func Derive(sets [][]float64, stat func(medians []float64) float64) Estimate {
	return estimate(newPoints(nil, nil, sets, false), 1, func(m, out []float64) { out[0] = stat(m) })[0]
}

// Ratio is median(num)/median(den); ok is false when median(den) is 0.
func Ratio(num, den []float64) (Estimate, bool) {
	if Median(den) == 0 {
		return Estimate{}, false
	}
	return Derive([][]float64{num, den}, func(m []float64) float64 { return m[0] / m[1] }), true
}
