package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"golang.org/x/perf/benchmath"
)

const (
	confidence    = 0.95
	bootstrapReps = 1000
	// minCISamples is the fewest samples per cell for a bootstrap interval.
	minCISamples = 3
	// benchstatCISamples is the fewest samples for a finite 95% interval of a median.
	benchstatCISamples = 6
)

// summary is a cell's median with benchmath's distribution-free confidence interval.
type summary struct {
	center, lo, hi float64
	hasCI          bool // false when there are too few samples for a finite interval
}

// summarize summarises samples the way benchstat does (benchmath.AssumeNothing).
func summarize(vals []float64) summary {
	sum := benchmath.AssumeNothing.Summary(newSample(vals), confidence)
	return summary{center: sum.Center, lo: sum.Lo, hi: sum.Hi, hasCI: !math.IsInf(sum.Lo, 0) && !math.IsInf(sum.Hi, 0)}
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// newSample is a benchmath sample of a copy of vals, which NewSample would sort in place.
func newSample(vals []float64) *benchmath.Sample {
	return benchmath.NewSample(slices.Clone(vals), &benchmath.DefaultThresholds)
}

// compareSamples is benchmath's Mann-Whitney U test of two samples: it reports whether they differ
// at alpha 0.05, the p-value, and why the test could not tell when the samples are too small.
func compareSamples(a, b []float64) (differ bool, p float64, untestable error) {
	c := benchmath.AssumeNothing.Compare(newSample(a), newSample(b))
	if len(c.Warnings) > 0 {
		untestable = c.Warnings[0]
	}
	return c.P < c.Alpha, c.P, untestable
}

// median is the sample median, the same statistic benchmath.AssumeNothing summarises with.
func median(vals []float64) float64 {
	s := slices.Clone(vals)
	return medianInPlace(s)
}

// medianInPlace sorts vals and returns their median.
func medianInPlace(vals []float64) float64 {
	slices.Sort(vals)
	n := len(vals)
	if n%2 == 1 {
		return vals[n/2]
	}
	return (vals[n/2-1] + vals[n/2]) / 2
}

// estimate is a derived quantity with its bootstrap confidence interval.
type estimate struct {
	v, lo, hi float64
	hasCI     bool
}

// bootstrap resamples every set with replacement (each set on its own, so the sets may be of
// different sizes), hands stat the resampled medians and returns the 2.5 and 97.5 percentiles of
// each of stat's k outputs over bootstrapReps draws. The generator is seeded with a constant, so
// equal input gives equal intervals. ok is false when a set has fewer than minCISamples samples.
func bootstrap(sets [][]float64, k int, stat func(medians, out []float64)) (lo, hi []float64, ok bool) {
	longest := 0
	constant := true
	for _, s := range sets {
		if len(s) < minCISamples {
			return nil, nil, false
		}
		longest = max(longest, len(s))
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
	rng := rand.New(rand.NewPCG(1, 2))
	draws := make([][]float64, k)
	for j := range draws {
		draws[j] = make([]float64, bootstrapReps)
	}
	buf := make([]float64, longest)
	for rep := range bootstrapReps {
		for i, s := range sets {
			b := buf[:len(s)]
			for j := range b {
				b[j] = s[rng.IntN(len(s))]
			}
			meds[i] = medianInPlace(b)
		}
		stat(meds, out)
		for j := range k {
			draws[j][rep] = out[j]
		}
	}
	alpha := (1 - confidence) / 2
	lo, hi = make([]float64, k), make([]float64, k)
	for j, d := range draws {
		slices.Sort(d)
		lo[j], hi[j] = quantile(d, alpha), quantile(d, 1-alpha)
	}
	return lo, hi, true
}

// quantile interpolates the q-quantile of sorted values.
func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	frac := pos - float64(i)
	return sorted[i] + frac*(sorted[i+1]-sorted[i])
}

// derive computes stat on the medians of sets, with its bootstrap interval.
func derive(sets [][]float64, stat func(medians []float64) float64) estimate {
	meds := make([]float64, len(sets))
	for i, s := range sets {
		meds[i] = median(s)
	}
	e := estimate{v: stat(meds)}
	lo, hi, ok := bootstrap(sets, 1, func(m, out []float64) { out[0] = stat(m) })
	if ok {
		e.lo, e.hi, e.hasCI = lo[0], hi[0], true
	}
	return e
}

// ratio is median(num)/median(den) with its bootstrap interval; ok is false when median(den) is 0.
func ratio(num, den []float64) (estimate, bool) {
	if median(den) == 0 {
		return estimate{}, false
	}
	return derive([][]float64{num, den}, func(m []float64) float64 { return m[0] / m[1] }), true
}

// linearFit is a least-squares fit y = c0 + c1·x1 + … of cell medians.
type linearFit struct {
	coef   []estimate // intercept first
	r2     float64    // weighted coefficient of determination; NaN when undefined
	points int
}

var (
	errTooFewPoints = errors.New("too few points")
	errCollinear    = errors.New("the x values do not vary independently (need more distinct fixtures)")
)

// fitLinear fits y = c0 + Σ cj·xj to the medians of sets by weighted least squares, xs[i] being
// the regressors of point i. Each point is weighted by 1/max(|median|, 1)²: benchmark noise is
// relative, so small documents pin the intercept and large ones the slopes, and a point costing
// 100 µs does not drown one costing 200 ns. Intervals come from bootstrapping every point's samples
// and refitting with the same weights; R² uses the same weights.
func fitLinear(xs [][]float64, sets [][]float64) (linearFit, error) {
	n := len(sets)
	if n == 0 {
		return linearFit{}, fmt.Errorf("%w: none", errTooFewPoints)
	}
	p := 1 + len(xs[0])
	if n < p {
		return linearFit{}, fmt.Errorf("%w: %d, need at least %d", errTooFewPoints, n, p)
	}
	y := make([]float64, n)
	sw := make([]float64, n) // square roots of the weights
	for i, s := range sets {
		y[i] = median(s)
		sw[i] = 1 / math.Max(math.Abs(y[i]), 1)
	}
	h, scale, err := hatRows(xs, sw)
	if err != nil {
		return linearFit{}, err
	}
	apply := func(meds, out []float64) {
		// A coefficient whose whole contribution is below the round-off of the largest median is
		// zero: constant allocation counts must not show slopes of 1e-18.
		var top float64
		for _, m := range meds {
			top = math.Max(top, math.Abs(m))
		}
		for j, row := range h {
			out[j] = dot(row, meds)
			if math.Abs(out[j])*scale[j] <= roundOff*top {
				out[j] = 0
			}
		}
	}
	f := linearFit{coef: make([]estimate, p), points: n}
	beta := make([]float64, p)
	apply(y, beta)
	lo, hi, ok := bootstrap(sets, p, apply)
	for j := range beta {
		f.coef[j] = estimate{v: beta[j]}
		if ok {
			f.coef[j].lo, f.coef[j].hi, f.coef[j].hasCI = lo[j], hi[j], true
		}
	}
	f.r2 = weightedR2(xs, y, sw, beta)
	return f, nil
}

// roundOff is the relative size below which a fitted contribution is floating-point noise.
const roundOff = 1e-9

// hatRows returns the p×n matrix H with β = H·y for the weighted least-squares problem with square-
// root weights sw: a modified Gram-Schmidt QR of the weighted design matrix, columns scaled to
// unit maximum so the rank test does not depend on units. It also returns each column's scale, the
// largest |x| of the regressor (1 for the intercept).
func hatRows(xs [][]float64, sw []float64) (h [][]float64, scale []float64, err error) {
	n, p := len(xs), 1+len(xs[0])
	x := func(i, j int) float64 {
		if j == 0 {
			return 1
		}
		return xs[i][j-1]
	}
	scale = make([]float64, p)
	for j := range p {
		for i := range n {
			scale[j] = math.Max(scale[j], math.Abs(x(i, j)))
		}
		if scale[j] == 0 {
			return nil, nil, errCollinear
		}
	}
	q := make([][]float64, p) // columns of Q
	r := make([][]float64, p)
	for j := range p {
		r[j] = make([]float64, p)
		v := make([]float64, n)
		for i := range n {
			v[i] = sw[i] * x(i, j) / scale[j]
		}
		norm0 := math.Sqrt(dot(v, v))
		for k := range j {
			r[k][j] = dot(q[k], v)
			for i := range n {
				v[i] -= r[k][j] * q[k][i]
			}
		}
		r[j][j] = math.Sqrt(dot(v, v))
		if r[j][j] <= roundOff*norm0 {
			return nil, nil, errCollinear
		}
		for i := range n {
			v[i] /= r[j][j]
		}
		q[j] = v
	}
	// H = diag(1/scale) · R⁻¹ · Qᵀ · diag(sw), by back substitution one point at a time.
	h = make([][]float64, p)
	for j := range h {
		h[j] = make([]float64, n)
	}
	u := make([]float64, p)
	for i := range n {
		for j := p - 1; j >= 0; j-- {
			s := q[j][i]
			for k := j + 1; k < p; k++ {
				s -= r[j][k] * u[k]
			}
			u[j] = s / r[j][j]
		}
		for j := range p {
			h[j][i] = u[j] * sw[i] / scale[j]
		}
	}
	return h, scale, nil
}

// weightedR2 is 1 - SSres/SStot with weights sw², or NaN when y does not vary.
func weightedR2(xs [][]float64, y, sw, beta []float64) float64 {
	var sumW, sumWY float64
	for i := range y {
		w := sw[i] * sw[i]
		sumW += w
		sumWY += w * y[i]
	}
	mean := sumWY / sumW
	var res, tot float64
	for i := range y {
		w := sw[i] * sw[i]
		pred := beta[0] + dot(beta[1:], xs[i])
		res += w * (y[i] - pred) * (y[i] - pred)
		tot += w * (y[i] - mean) * (y[i] - mean)
	}
	if tot == 0 {
		return math.NaN()
	}
	return 1 - res/tot
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
