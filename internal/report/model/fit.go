package model

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// A Fit is one fitted form: its coefficients with their intervals and how
// far it misses the points it was fitted to.
type Fit struct {
	Form   Form
	Coef   []Estimate // a, the cost of a call, first; then Form's parameters
	Points int

	// MaxResid is the largest relative residual, |fitted − median| /
	// max(|median|, 1), over the points; Worst names its fixture.
	MaxResid float64
	Worst    string
}

// MaxResidual is the largest relative residual a usable fit may leave at
// any point: a fit that misses one by more is flagged and kept out of the
// findings.
const MaxResidual = 0.10

// Flagged reports whether the fit misses a point by more than MaxResidual.
func (f Fit) Flagged() bool { return f.MaxResid > MaxResidual }

// Call returns the cost of a call, a, and whether it is resolved: its
// interval lies above zero (exact data: a itself is above zero). A
// negative a, or one whose interval reaches zero, says the data cannot tell
// the call's cost from nothing.
func (f Fit) Call() (Estimate, bool) {
	a := f.Coef[0]
	return a, a.V > 0 && a.HasCI && a.Lo > 0
}

var (
	// ErrTooFewPoints is returned for fits with fewer points than
	// coefficients.
	ErrTooFewPoints = errors.New("too few points")
	// ErrCollinear is returned when the regressors do not vary
	// independently.
	ErrCollinear = errors.New("the x values do not vary independently (need more distinct fixtures)")
)

// roundOff is the relative size below which a singular value or a fitted
// contribution is floating-point noise.
const roundOff = 1e-9

// points are the cells a fit is made to, one per fixture.
type points struct {
	names []string    // the fixtures
	xs    [][]float64 // the regressors of each point
	sets  [][]float64 // the samples of each point
	y     []float64   // their medians
	sw    []float64   // square roots of the weights, 1/max(|median|, 1)
	exact bool        // the unit is exact: an interval is its point
}

func newPoints(names []string, xs, sets [][]float64, exact bool) points {
	p := points{names: names, xs: xs, sets: sets, exact: exact}
	for _, s := range sets {
		y := Median(s)
		p.y = append(p.y, y)
		p.sw = append(p.sw, 1/scaleOf(y))
	}
	return p
}

// scaleOf is what a residual at y is relative to: |y|, but at least 1, so
// that a count of zero allocations does not make any miss infinite.
func scaleOf(y float64) float64 { return math.Max(math.Abs(y), 1) }

// A solver fits one form to medians at fixed points with fixed weights:
// solve writes the form's parameters (a first) for the medians y.
type solver interface {
	solve(y, out []float64)
}

// linearSolver solves a weighted least-squares problem that is linear in
// its parameters through a precomputed hat matrix.
type linearSolver struct {
	h     *mat.Dense // β = h·y
	scale []float64  // each regressor's largest |x|, 1 for the intercept
}

func (s *linearSolver) solve(y, out []float64) {
	// A coefficient whose whole contribution is below the round-off of the
	// largest median is zero: constant allocation counts must not show
	// slopes of 1e-18.
	top := math.Max(floats.Max(y), -floats.Min(y))
	for j := range out {
		out[j] = floats.Dot(s.h.RawRowView(j), y)
		if math.Abs(out[j])*s.scale[j] <= roundOff*top {
			out[j] = 0
		}
	}
}

// newLinear prepares the weighted least-squares problem of n points with
// regressors xs (the intercept added as the first) and square-root weights
// sw: the p×n hat matrix H with β = H·y, from the singular value
// decomposition of the weighted design matrix with its columns scaled to
// unit maximum, so that the rank test does not depend on units.
func newLinear(xs [][]float64, sw []float64) (*linearSolver, error) {
	n, p := len(xs), 1+len(xs[0])
	if n < p {
		return nil, fmt.Errorf("%w: %d, need at least %d", ErrTooFewPoints, n, p)
	}
	design := mat.NewDense(n, p, nil)
	for i, x := range xs {
		design.SetRow(i, append([]float64{1}, x...))
	}
	scale := make([]float64, p)
	for j := range p {
		col := mat.Col(nil, j, design)
		scale[j] = math.Max(floats.Max(col), -floats.Min(col))
		if scale[j] == 0 {
			return nil, ErrCollinear
		}
	}
	var a mat.Dense
	a.Apply(func(i, j int, v float64) float64 { return sw[i] * v / scale[j] }, design)
	var svd mat.SVD
	if !svd.Factorize(&a, mat.SVDThin) {
		return nil, errors.New("least squares: the decomposition failed")
	}
	if svd.Rank(roundOff) < p {
		return nil, ErrCollinear
	}
	// Solving A·X = diag(sw) gives X with β' = X·y for the scaled problem;
	// H = diag(1/scale)·X.
	var h mat.Dense
	svd.SolveTo(&h, mat.NewDiagDense(n, sw), p)
	h.Apply(func(j, _ int, v float64) float64 { return v / scale[j] }, &h)
	return &linearSolver{h: &h, scale: scale}, nil
}

// estimate computes stat's k outputs at the medians of pts with their
// intervals, which bootstrap the samples of every point (see bootstrap);
// for exact data an interval is its point.
func estimate(pts points, k int, stat func(y, out []float64)) []Estimate {
	out := make([]float64, k)
	stat(pts.y, out)
	lo, hi, ok := out, out, pts.exact
	if !ok {
		lo, hi, ok = bootstrap(pts.sets, k, stat)
	}
	all := make([]Estimate, k)
	for j, v := range out {
		all[j] = Estimate{V: v}
		if ok {
			all[j].Lo, all[j].Hi, all[j].HasCI = lo[j], hi[j], true
		}
	}
	return all
}

// fitted is the Fit of form f with coefficients coef to pts, eval giving
// the fitted value at point i from the coefficients' values.
func fitted(f Form, coef []Estimate, pts points, eval func(p []float64, i int) float64) Fit {
	p := make([]float64, len(coef))
	for j, c := range coef {
		p[j] = c.V
	}
	fit := Fit{Form: f, Coef: coef, Points: len(pts.y)}
	for i, y := range pts.y {
		if r := math.Abs(eval(p, i)-y) / scaleOf(y); r > fit.MaxResid || fit.Worst == "" {
			fit.MaxResid, fit.Worst = r, pts.names[i]
		}
	}
	return fit
}

// FitLinear fits y = a + Σ cj·xj to the medians of sets, xs[i] being the
// regressors of point i named names[i] (see the package documentation for
// the weights and the intervals).
func FitLinear(names []string, xs [][]float64, sets [][]float64, exact bool) (Fit, error) {
	if len(sets) == 0 {
		return Fit{}, fmt.Errorf("%w: none", ErrTooFewPoints)
	}
	pts := newPoints(names, xs, sets, exact)
	s, err := newLinear(xs, pts.sw)
	if err != nil {
		return Fit{}, err
	}
	coef := estimate(pts, 1+len(xs[0]), s.solve)
	f := fitted(Linear, coef, pts, func(p []float64, i int) float64 { return p[0] + floats.Dot(p[1:], xs[i]) })
	return f, nil
}
