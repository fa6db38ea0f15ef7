package model

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// A Fit is a weighted least-squares fit y = c0 + c1·x1 + … of cell medians.
type Fit struct {
	Coef   []Estimate // intercept first
	R2     float64    // weighted coefficient of determination; NaN when undefined
	Points int
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

// FitLinear fits y = c0 + Σ cj·xj to the medians of sets, xs[i] being the
// regressors of point i (see the package documentation for the weights and
// the intervals).
func FitLinear(xs [][]float64, sets [][]float64) (Fit, error) {
	n := len(sets)
	if n == 0 {
		return Fit{}, fmt.Errorf("%w: none", ErrTooFewPoints)
	}
	p := 1 + len(xs[0])
	if n < p {
		return Fit{}, fmt.Errorf("%w: %d, need at least %d", ErrTooFewPoints, n, p)
	}
	y := make([]float64, n)
	sw := make([]float64, n) // square roots of the weights
	for i, s := range sets {
		y[i] = Median(s)
		sw[i] = 1 / math.Max(math.Abs(y[i]), 1)
	}
	design := mat.NewDense(n, p, nil)
	for i, x := range xs {
		design.Set(i, 0, 1)
		for j, v := range x {
			design.Set(i, j+1, v)
		}
	}
	h, scale, err := hat(design, sw)
	if err != nil {
		return Fit{}, err
	}
	apply := func(meds, out []float64) {
		// A coefficient whose whole contribution is below the round-off of
		// the largest median is zero: constant allocation counts must not
		// show slopes of 1e-18.
		top := math.Max(floats.Max(meds), -floats.Min(meds))
		for j := range out {
			out[j] = floats.Dot(h.RawRowView(j), meds)
			if math.Abs(out[j])*scale[j] <= roundOff*top {
				out[j] = 0
			}
		}
	}
	f := Fit{Coef: make([]Estimate, p), Points: n}
	beta := make([]float64, p)
	apply(y, beta)
	lo, hi, ok := bootstrap(sets, p, apply)
	for j := range beta {
		f.Coef[j] = Estimate{V: beta[j]}
		if ok {
			f.Coef[j].Lo, f.Coef[j].Hi, f.Coef[j].HasCI = lo[j], hi[j], true
		}
	}
	f.R2 = weightedR2(design, y, sw, beta)
	return f, nil
}

// hat returns the p×n matrix H with β = H·y for the weighted least-squares
// problem of an n×p design matrix with square-root weights sw, from the
// singular value decomposition of the weighted design matrix with its
// columns scaled to unit maximum, so that the rank test does not depend on
// units. It also returns each column's scale, the largest |x| of the
// regressor (1 for the intercept).
func hat(design *mat.Dense, sw []float64) (*mat.Dense, []float64, error) {
	n, p := design.Dims()
	scale := make([]float64, p)
	for j := range p {
		col := mat.Col(nil, j, design)
		scale[j] = math.Max(floats.Max(col), -floats.Min(col))
		if scale[j] == 0 {
			return nil, nil, ErrCollinear
		}
	}
	var a mat.Dense
	a.Apply(func(i, j int, v float64) float64 { return sw[i] * v / scale[j] }, design)
	var svd mat.SVD
	if !svd.Factorize(&a, mat.SVDThin) {
		return nil, nil, errors.New("least squares: the decomposition failed")
	}
	if svd.Rank(roundOff) < p {
		return nil, nil, ErrCollinear
	}
	// Solving A·X = diag(sw) gives X with β' = X·y for the scaled problem;
	// H = diag(1/scale)·X.
	var h mat.Dense
	svd.SolveTo(&h, mat.NewDiagDense(n, sw), p)
	h.Apply(func(j, _ int, v float64) float64 { return v / scale[j] }, &h)
	return &h, scale, nil
}

// weightedR2 is 1 - SSres/SStot with weights sw², or NaN when y does not
// vary (then SStot is round-off, and so is the ratio).
func weightedR2(design *mat.Dense, y, sw, beta []float64) float64 {
	if floats.Min(y) == floats.Max(y) {
		return math.NaN()
	}
	var pred mat.VecDense
	pred.MulVec(design, mat.NewVecDense(len(beta), beta))
	w := make([]float64, len(y))
	for i := range w {
		w[i] = sw[i] * sw[i]
	}
	mean := floats.Dot(w, y) / floats.Sum(w)
	var res, tot float64
	for i, yi := range y {
		res += w[i] * (yi - pred.AtVec(i)) * (yi - pred.AtVec(i))
		tot += w[i] * (yi - mean) * (yi - mean)
	}
	return 1 - res/tot
}
