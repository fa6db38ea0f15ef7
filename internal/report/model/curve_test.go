package model

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// sweep is the number of fields of the fields-* fixtures.
var sweep = []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000}

// curvePoints samples cost(n) at every n with relative Gaussian noise sd,
// the given number of samples per point.
func curvePoints(ns []float64, cost func(n float64) float64, sd float64, samples int, exact bool) points {
	rng := rand.New(rand.NewPCG(3, 4))
	var names []string
	var xs, sets [][]float64
	for _, n := range ns {
		names = append(names, fmt.Sprintf("fields-%04.0f", n))
		xs = append(xs, []float64{n})
		sets = append(sets, noisy(rng, cost(n), sd, samples))
	}
	return newPoints(names, xs, valuesOf(sets, exact))
}

// newPoints is the points of fixtures names at regressors xs with figures samples.
func newPoints(names []string, xs [][]float64, samples []Sample) points {
	var p points
	for i, s := range samples {
		p.add(names[i], xs[i], s)
	}
	return p
}

// kPrecision is how close the refined grid search finds the exponent of
// exact data.
const kPrecision = 0.002

func TestFitCurve(t *testing.T) {
	decades := func(n float64) float64 {
		return 500 + 100*math.Min(n, 10) + 50*math.Min(math.Max(n-10, 0), 90) + 200*math.Max(n-100, 0)
	}
	step := func(n float64) float64 { // allocations that jump at 100 fields
		if n >= 100 {
			return 120
		}
		return 1
	}
	tests := []struct {
		name     string
		ns       []float64
		cost     func(n float64) float64
		noise    float64
		samples  int
		exact    bool
		form     Form    // the form that must be chosen
		k        float64 // the true exponent, inside K's interval; 0: not checked
		kNaN     bool    // no exponent: the points do not vary
		kLoose   bool    // an exponent, but b's interval reaches zero
		resolved bool    // the call's cost is resolved
		flagged  bool
	}{
		{name: "power", ns: sweep, cost: func(n float64) float64 { return 300 + 40*math.Pow(n, 1.1) }, noise: 0.01, samples: 6, form: Power, k: 1.1, resolved: true},
		{name: "line", ns: sweep, cost: func(n float64) float64 { return 200 + 60*n }, noise: 0.01, samples: 6, form: Linear, k: 1, resolved: true},
		{name: "n log n", ns: sweep, cost: func(n float64) float64 { return 400 + 50*n + 30*n*math.Log(n) }, noise: 0.005, samples: 6, form: NLogN, resolved: true},
		{name: "slope per decade", ns: sweep, cost: decades, noise: 0.005, samples: 6, form: Decades, resolved: true},
		{name: "negative intercept", ns: sweep[2:], cost: func(n float64) float64 { return 170*n - 150 }, noise: 0.01, samples: 6, form: Linear, k: 1},
		{name: "no call cost", ns: sweep, cost: func(n float64) float64 { return 50 * n }, noise: 0.03, samples: 6, form: Linear, k: 1},
		{name: "a 25% miss at 5 fields", ns: sweep, cost: func(n float64) float64 {
			if n == 5 {
				return 1.25 * (200 + 60*n)
			}
			return 200 + 60*n
		}, noise: 0.005, samples: 6, form: Linear, resolved: true, flagged: true},
		{name: "constant count", ns: sweep, cost: func(float64) float64 { return 3 }, samples: 6, form: Linear, kNaN: true, resolved: true},
		{name: "a jump in allocations", ns: sweep, cost: step, samples: 6, resolved: true, flagged: true, form: -1},
		{name: "exact counts", ns: sweep, cost: func(n float64) float64 { return 5000 + 900*math.Pow(n, 1.07) }, samples: 1, exact: true, form: Power, k: 1.07, resolved: true},
		{name: "no growth", ns: sweep, cost: func(float64) float64 { return 1000 }, noise: 0.02, samples: 6, form: -1, kLoose: true, resolved: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := fitCurve(curvePoints(tt.ns, tt.cost, tt.noise, tt.samples, tt.exact))
			if !res.OK() {
				t.Fatal(res.Err)
			}
			f := res.Fit
			if tt.form >= 0 && f.Form != tt.form {
				t.Errorf("chose %s (held-out %+v), want %s", f.Form, res.Forms, tt.form)
			}
			if _, ok := f.Call(); ok != tt.resolved {
				t.Errorf("call %+v resolved = %t, want %t", f.Coef[0], ok, tt.resolved)
			}
			if f.Flagged() != tt.flagged || res.Usable() == tt.flagged {
				t.Errorf("largest residual %.3g at %s: flagged %t, want %t", f.MaxResid, f.Worst, f.Flagged(), tt.flagged)
			}
			switch {
			case tt.kNaN && !math.IsNaN(res.K.V):
				t.Errorf("k = %+v for points that do not vary, want NaN", res.K)
			case tt.kLoose && res.KResolved:
				t.Errorf("k = %+v resolved for a cost that does not grow", res.K)
			case tt.k != 0 && (!res.KResolved || res.K.Lo-kPrecision > tt.k || res.K.Hi+kPrecision < tt.k):
				t.Errorf("k = %+v (resolved %t), want an interval around %g", res.K, res.KResolved, tt.k)
			}
			for _, c := range f.Coef {
				if tt.exact && (c.Lo != c.V || c.Hi != c.V) {
					t.Errorf("exact counts give the interval [%g, %g] around %g, want the point", c.Lo, c.Hi, c.V)
				}
			}
		})
	}
}

// The marks give the measured cost per field and the call's share of the
// fitted cost at 5, 50 and 1000 fields.
func TestCurveMarks(t *testing.T) {
	cost := func(n float64) float64 { return 1000 + 100*n }
	res := fitCurve(curvePoints(sweep, cost, 0, 6, false))
	for _, n := range Marks {
		m, ok := res.MarkAt(n)
		if !ok {
			t.Fatalf("no mark at %g fields", n)
		}
		if want := cost(n) / n; math.Abs(m.PerField.V-want) > 1e-9*want {
			t.Errorf("%g fields: %g per field, want %g", n, m.PerField.V, want)
		}
		if want := 1000 / cost(n); math.Abs(m.CallShare.V-want) > 1e-6 {
			t.Errorf("%g fields: call share %g, want %g", n, m.CallShare.V, want)
		}
	}
	if _, ok := fitCurve(curvePoints(sweep[3:], cost, 0, 6, false)).MarkAt(5); ok {
		t.Error("a mark at 5 fields without a fields-0005 point")
	}
}

// A form is only tried when a point can be left out and the form still
// fitted; with a single point there is no curve.
func TestFitCurveFewPoints(t *testing.T) {
	line := func(n float64) float64 { return 10 + n }
	res := fitCurve(curvePoints(sweep[:3], line, 0, 6, false))
	if !res.OK() || res.Fit.Form != Linear {
		t.Fatalf("three points: %+v, want a line", res)
	}
	for _, f := range []Form{NLogN, Decades} {
		if !math.IsNaN(res.Forms[f]) {
			t.Errorf("three points: %s tried (%+v)", f, res.Forms[f])
		}
	}
	if res := fitCurve(curvePoints(sweep[:1], line, 0, 6, false)); !errors.Is(res.Err, ErrTooFewPoints) {
		t.Errorf("one point: error %v, want %v", res.Err, ErrTooFewPoints)
	}
}
