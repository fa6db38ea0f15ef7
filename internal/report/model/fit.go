package model

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// A Fit is one fitted form and how far it misses its points.
type Fit struct {
	Form   Form
	Coef   []Estimate // a, the cost of a call, first; then Form's parameters
	Points int

	MaxResid float64 // the largest |fitted − median| / max(|median|, 1)
	Worst    string  // its fixture
}

// MaxResidual is the largest relative residual of a fit not flagged.
const MaxResidual = 0.10

// Flagged reports whether the fit misses a point by more than MaxResidual.
func (f Fit) Flagged() bool { return f.MaxResid > MaxResidual }

// Call returns a, the cost of a call, and whether its interval lies above zero.
func (f Fit) Call() (Estimate, bool) {
	a := f.Coef[0]
	return a, a.V > 0 && a.HasCI && a.Lo > 0
}

// The errors of a fit that cannot be made.
var (
	ErrTooFewPoints = errors.New("too few points")
	ErrCollinear    = errors.New("the x values do not vary independently (need more distinct fixtures)")
)

const roundOff = 1e-9

// points are the cells a fit is made to, one per fixture.
type points struct {
	names   []string    // the fixtures
	xs      [][]float64 // the regressors of each point
	samples []Sample    // the figure of each point
	y       []float64   // their points
	sw      []float64   // square roots of the weights, 1/max(|y|, 1)
}

// add appends the point of fixture name, at regressors x, with figure s.
func (p *points) add(name string, x []float64, s Sample) {
	p.names, p.xs, p.samples = append(p.names, name), append(p.xs, x), append(p.samples, s)
	p.y, p.sw = append(p.y, s.Point), append(p.sw, 1/scaleOf(s.Point))
}

func scaleOf(y float64) float64 { return math.Max(math.Abs(y), 1) }

// A solver writes a form's parameters (a first) fitted to medians y.
type solver interface {
	solve(y, out []float64)
}

type linearSolver struct {
	h     *mat.Dense // β = h·y
	scale []float64  // each regressor's largest |x|, 1 for the intercept
}

func (s *linearSolver) solve(y, out []float64) {
	// A contribution below round-off is zero: no slopes of 1e-18.
	top := math.Max(floats.Max(y), -floats.Min(y))
	for j := range out {
		out[j] = floats.Dot(s.h.RawRowView(j), y)
		if math.Abs(out[j])*s.scale[j] <= roundOff*top {
			out[j] = 0
		}
	}
}

// newLinear computes the hat matrix of a weighted least-squares fit by SVD of
// the design matrix, columns scaled so the rank test ignores units.
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
	var h mat.Dense
	svd.SolveTo(&h, mat.NewDiagDense(n, sw), p)
	h.Apply(func(j, _ int, v float64) float64 { return v / scale[j] }, &h)
	return &linearSolver{h: &h, scale: scale}, nil
}

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

// fitLinear fits y = a + Σ cj·xj to pts, of at least one point.
func fitLinear(pts points) Result {
	s, err := newLinear(pts.xs, pts.sw)
	if err != nil {
		return Result{Err: err}
	}
	coef := derive(pts.samples, 1+len(pts.xs[0]), s.solve)
	return Result{Fit: fitted(Linear, coef, pts, func(p []float64, i int) float64 { return p[0] + floats.Dot(p[1:], pts.xs[i]) })}
}

// A Mark is a curve at one of the sizes of Marks.
type Mark struct {
	Fields    float64
	Fixture   string
	PerField  Estimate // the measured median over the fields
	CallShare Estimate // a over the fitted value
}

// Marks are the numbers of fields at which a curve reports a Mark.
var Marks = []float64{5, 50, 1000}

// MarkAt returns the mark at the given number of fields.
func (r Result) MarkAt(fields float64) (Mark, bool) {
	i := slices.IndexFunc(r.Marks, func(m Mark) bool { return m.Fields == fields })
	if i < 0 {
		return Mark{}, false
	}
	return r.Marks[i], true
}

// fitCurve fits the form of least held-out error to pts, with the power
// form's k and the marks, from one bootstrap.
func fitCurve(pts points) Result {
	n := make([]float64, len(pts.xs))
	for i, x := range pts.xs {
		n[i] = x[0]
	}
	var res Result
	chosen, best := Linear, math.Inf(1)
	for f := range NumForms {
		res.Forms[f] = heldOut(f, pts, n)
		if res.Forms[f] < best-roundOff { // false for NaN
			chosen, best = f, res.Forms[f]
		}
	}
	s, err := newSolver(chosen, n, pts.sw)
	if err != nil {
		return Result{Err: err}
	}
	var power solver // nil when chosen is the power form, or it cannot be fitted
	if chosen != Power {
		if power, err = newSolver(Power, n, pts.sw); err != nil {
			power = nil
		}
	}
	var at []int // points at Marks
	for _, m := range Marks {
		if i := slices.Index(n, m); i >= 0 {
			at = append(at, i)
		}
	}
	np := chosen.size()
	est := derive(pts.samples, np+len(at)+Power.size(), func(y, out []float64) {
		s.solve(y, out[:np])
		for j, i := range at {
			out[np+j] = out[0] / chosen.Eval(out[:np], n[i])
		}
		if power != nil {
			power.solve(y, out[np+len(at):])
		}
	})
	res.Fit = fitted(chosen, est[:np], pts, func(p []float64, i int) float64 { return chosen.Eval(p, n[i]) })
	for j, i := range at {
		perField := pts.samples[i].Estimate().Times(1 / n[i])
		res.Marks = append(res.Marks, Mark{Fields: n[i], Fixture: pts.names[i], PerField: perField, CallShare: est[np+j]})
	}
	res.K = Estimate{V: math.NaN()}
	pc := est[np+len(at):]
	if power == nil {
		pc = est[:np]
	}
	if (chosen == Power || power != nil) && pc[1].V != 0 { // b = 0: the medians do not vary, and any k fits
		res.K, res.KResolved = pc[2], pc[1].V > 0 && pc[1].HasCI && pc[1].Lo > 0
	}
	return res
}

// heldOut is f's mean relative error predicting each point of pts left
// out, NaN when f cannot be fitted without one.
func heldOut(f Form, pts points, n []float64) float64 {
	if len(n)-1 < f.size() {
		return math.NaN()
	}
	p := make([]float64, f.size())
	var sum float64
	for i := range n {
		without := func(v []float64) []float64 { return slices.Delete(slices.Clone(v), i, i+1) }
		s, err := newSolver(f, without(n), without(pts.sw))
		if err != nil {
			return math.NaN()
		}
		s.solve(without(pts.y), p)
		sum += math.Abs(f.Eval(p, n[i])-pts.y[i]) / scaleOf(pts.y[i])
	}
	return sum / float64(len(n))
}
