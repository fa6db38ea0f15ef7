package model

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
)

// A Form is a candidate shape of cost against fields n, a being the cost
// of a call:
//
//	Linear   y = a + b·n                                     b
//	Power    y = a + b·n^k                                   b, k
//	NLogN    y = a + b·n + c·n·ln n                          b, c
//	Decades  y = a + s₁·min(n, 10) + s₂·clamp(n−10, 0, 90)   s₁, s₂, s₃
//	             + s₃·max(n−100, 0)
type Form int

// The forms, simplest first: a tie in held-out error goes to the simpler.
const (
	Linear Form = iota
	Power
	NLogN
	Decades
	NumForms
)

var formNames = [NumForms]string{"a + b·n", "a + b·n^k", "a + b·n + c·n·ln n", "a + slope per decade"}

func (f Form) String() string { return formNames[f] }

// Params names the form's parameters after a.
func (f Form) Params() []string {
	return [NumForms][]string{{"b"}, {"b", "k"}, {"b", "c"}, {"s1", "s2", "s3"}}[f]
}

func (f Form) size() int { return 1 + len(f.Params()) }

func (f Form) basis(n float64) []float64 {
	switch f {
	case NLogN:
		return []float64{n, n * math.Log(n)}
	case Decades:
		return []float64{math.Min(n, 10), math.Min(math.Max(n-10, 0), 90), math.Max(n-100, 0)}
	}
	return []float64{n}
}

// Eval returns the form with parameters p (a first) at n fields.
func (f Form) Eval(p []float64, n float64) float64 {
	if f == Power {
		return p[0] + p[1]*math.Pow(n, p[2])
	}
	return p[0] + floats.Dot(p[1:], f.basis(n))
}

// newSolver prepares form f's fit at n with weights sw.
func newSolver(f Form, n, sw []float64) (solver, error) {
	if f == Power {
		return newPower(n, sw)
	}
	xs := make([][]float64, len(n))
	for i, x := range n {
		xs[i] = f.basis(x)
	}
	return newLinear(xs, sw)
}

// The power form's grid of k, refined around its best point.
const (
	kMin  = 0.2
	kMax  = 3.0
	kStep = 0.05
)

// powerSolver fits a + b·n^k by a line per grid k, the least residual's k
// refined by a parabola. Per grid k it keeps n^k centred on its weighted
// mean and the weighted sum of its squares, so a fit at k costs one dot
// product: b = Σw·x·y / Σw·x², rss = Σw·(y−ȳ)² − b·Σw·x·y.
type powerSolver struct {
	w    []float64   // weights
	logn []float64   // ln n, so that n^k is exp(k·ln n)
	xc   [][]float64 // n^k centred, per grid point k = kMin + i·kStep
	sxx  []float64   // Σw·xc², per grid point
	rss  []float64   // scratch, per grid point
	yc   []float64   // scratch, y centred
	x    []float64   // scratch, n^k at the refined k
}

func newPower(n, sw []float64) (*powerSolver, error) {
	if len(n) < 3 {
		return nil, fmt.Errorf("%w: %d, need at least 3", ErrTooFewPoints, len(n))
	}
	s := &powerSolver{w: make([]float64, len(sw)), logn: make([]float64, len(n))}
	for i, v := range sw {
		s.w[i], s.logn[i] = v*v, math.Log(n[i])
	}
	steps := int(math.Round((kMax - kMin) / kStep))
	for i := 0; i <= steps; i++ {
		k := kMin + float64(i)*kStep
		x := make([]float64, len(n))
		for j, l := range s.logn {
			x[j] = math.Exp(k * l)
		}
		floats.AddConst(-stat.Mean(x, s.w), x)
		s.xc, s.sxx = append(s.xc, x), append(s.sxx, wdot(s.w, x, x))
	}
	s.rss, s.yc, s.x = make([]float64, len(s.xc)), make([]float64, len(n)), make([]float64, len(n))
	return s, nil
}

// wdot is Σ w·x·y.
func wdot(w, x, y []float64) float64 {
	var sum float64
	for i, v := range w {
		sum += v * x[i] * y[i]
	}
	return sum
}

func (s *powerSolver) solve(y, out []float64) {
	best := 0
	mean := stat.Mean(y, s.w)
	for i, v := range y {
		s.yc[i] = v - mean
	}
	syy := wdot(s.w, s.yc, s.yc)
	for g, x := range s.xc {
		sxy := wdot(s.w, x, s.yc)
		s.rss[g] = syy - sxy*sxy/s.sxx[g]
		if s.rss[g] < s.rss[best] {
			best = g
		}
	}
	k := kMin + float64(best)*kStep
	if best > 0 && best < len(s.xc)-1 {
		r0, r1, r2 := s.rss[best-1], s.rss[best], s.rss[best+1]
		if curv := r0 - 2*r1 + r2; curv > 0 {
			k += kStep * (r0 - r2) / (2 * curv)
		}
	}
	x := s.x
	for i, l := range s.logn {
		x[i] = math.Exp(k * l)
	}
	a, b := stat.LinearRegression(x, y, s.w, false)
	if top := math.Max(floats.Max(y), -floats.Min(y)); math.Abs(b)*floats.Max(x) <= roundOff*top {
		a, b = stat.Mean(y, s.w), 0
	}
	out[0], out[1], out[2] = a, b, k
}
