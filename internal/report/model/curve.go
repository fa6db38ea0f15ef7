package model

import (
	"math"
	"slices"
)

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
