package model

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// noisy returns n samples of v with relative Gaussian noise sd.
func noisy(rng *rand.Rand, v, sd float64, n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v * (1 + sd*rng.NormFloat64())
	}
	return s
}

func TestFitLinear(t *testing.T) {
	tests := []struct {
		name    string
		xs      [][]float64
		coef    []float64 // true coefficients, intercept first
		noise   float64
		samples int
		wantErr error
		wantCI  bool
	}{
		{name: "exact line", xs: [][]float64{{1}, {5}, {50}, {500}}, coef: []float64{300, 60}, samples: 6, wantCI: true},
		{name: "noisy line", xs: [][]float64{{1}, {2}, {5}, {10}, {20}, {50}, {100}, {200}, {500}, {1000}}, coef: []float64{300, 60}, noise: 0.03, samples: 6, wantCI: true},
		{name: "two regressors", xs: [][]float64{{1, 0.04}, {50, 2.2}, {1000, 44}, {10, 0.25}, {10, 16}, {10, 64}, {8, 8}, {128, 8}, {512, 8}}, coef: []float64{300, 60, 400}, noise: 0.02, samples: 6, wantCI: true},
		{name: "constant y", xs: [][]float64{{1}, {10}, {100}}, coef: []float64{6, 0}, samples: 6, wantCI: true},
		{name: "two samples: no interval", xs: [][]float64{{1}, {10}, {100}}, coef: []float64{100, 10}, samples: 2},
		{name: "one point", xs: [][]float64{{50}}, coef: []float64{300, 60}, samples: 6, wantErr: ErrTooFewPoints},
		{name: "two points for three coefficients", xs: [][]float64{{1, 1}, {2, 3}}, coef: []float64{1, 1, 1}, samples: 6, wantErr: ErrTooFewPoints},
		{name: "collinear regressors", xs: [][]float64{{1, 2}, {2, 4}, {3, 6}, {4, 8}}, coef: []float64{1, 1, 1}, samples: 6, wantErr: ErrCollinear},
		{name: "x never varies", xs: [][]float64{{10}, {10}, {10}}, coef: []float64{1, 1}, samples: 6, wantErr: ErrCollinear},
		{name: "x always zero", xs: [][]float64{{0}, {0}, {0}}, coef: []float64{1, 1}, samples: 6, wantErr: ErrCollinear},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 7))
			sets := make([][]float64, len(tt.xs))
			for i, x := range tt.xs {
				y := tt.coef[0]
				for j, xj := range x {
					y += tt.coef[j+1] * xj
				}
				sets[i] = noisy(rng, y, tt.noise, tt.samples)
			}
			names := make([]string, len(tt.xs))
			res := fitLinear(newPoints(names, tt.xs, valuesOf(sets, false)))
			f, err := res.Fit, res.Err
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("error %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for j, c := range f.Coef {
				if math.Abs(c.V-tt.coef[j]) > (0.05+3*tt.noise)*math.Max(math.Abs(tt.coef[j]), 1) {
					t.Errorf("coefficient %d = %g, want about %g", j, c.V, tt.coef[j])
				}
				if c.HasCI != tt.wantCI {
					t.Errorf("coefficient %d has interval %v, want %v", j, c.HasCI, tt.wantCI)
				}
				if c.HasCI && (c.Lo > c.V || c.Hi < c.V) {
					t.Errorf("coefficient %d = %g outside its interval [%g, %g]", j, c.V, c.Lo, c.Hi)
				}
			}
			if f.MaxResid > 0.1+3*tt.noise {
				t.Errorf("largest residual %g, want near 0 for a line", f.MaxResid)
			}
		})
	}
}

// Equal slopes to round-off are exactly zero: constant counts must not show
// slopes of 1e-18.
func TestFitZeroSlopeIsExact(t *testing.T) {
	res := fitLinear(newPoints(make([]string, 4), [][]float64{{1}, {5}, {50}, {500}}, valuesOf([][]float64{{3, 3, 3}, {3, 3, 3}, {3, 3, 3}, {3, 3, 3}}, false)))
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	f := res.Fit
	if math.Abs(f.Coef[0].V-3) > 1e-12 || f.Coef[1].V != 0 {
		t.Errorf("fit of a constant = %g + %g·x, want 3 + exactly 0·x", f.Coef[0].V, f.Coef[1].V)
	}
}

func TestBootstrap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	a, b := noisy(rng, 1000, 0.05, 6), noisy(rng, 100, 0.05, 6)
	r1, ok1 := Ratio(Values(a), Values(b))
	r2, ok2 := Ratio(Values(a), Values(b))
	if !ok1 || !ok2 || r1 != r2 {
		t.Fatalf("two bootstraps of the same data differ: %+v %+v", r1, r2)
	}
	if !r1.HasCI || r1.Lo > r1.V || r1.Hi < r1.V || r1.Lo < 8 || r1.Hi > 12.5 {
		t.Errorf("ratio %+v, want about 10 inside its interval", r1)
	}
	if _, ok := Ratio(Values(a), Values([]float64{0, 0, 0})); ok {
		t.Error("ratio over a zero median succeeded")
	}
	tests := []struct {
		name string
		sets [][]float64
		want Estimate
	}{
		{"constant samples", [][]float64{{3, 3, 3}, {1, 1, 1}}, Estimate{V: 2, Lo: 2, Hi: 2, HasCI: true}},
		{"too few samples", [][]float64{{3, 4}, {1, 1, 1}}, Estimate{V: 2.5}},
	}
	for _, tt := range tests {
		if got := Derive(valuesOf(tt.sets, false), func(m []float64) float64 { return m[0] - m[1] }); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestMedianMatchesBenchmath(t *testing.T) {
	for _, vals := range [][]float64{{3}, {5, 1}, {4, 1, 3}, {9, 2, 7, 4, 1, 8}, {1, 2, 2, 2, 9, 9, 10}} {
		if got, want := Median(vals), Summarize(vals).V; got != want {
			t.Errorf("Median(%v) = %g, benchmath says %g", vals, got, want)
		}
	}
}

// valuesOf is the Sample of each set of values, exact when the unit is.
func valuesOf(sets [][]float64, exact bool) []Sample {
	out := make([]Sample, len(sets))
	for i, s := range sets {
		if out[i] = Values(s); exact {
			out[i] = Sample{Point: Median(s), N: len(s), Exact: true}
		}
	}
	return out
}

// TestCountedMedian: the median of a multiset given by counts, as weights,
// is the median of the values it lists.
func TestCountedMedian(t *testing.T) {
	sorted := []weighted{{1, 0}, {2, 1}, {3, 2}, {5, 3}, {8, 4}}
	blocks := []int32{0, 1, 2, 3, 4}
	for _, counts := range [][]int32{{1, 1, 1, 1, 1}, {3, 0, 0, 0, 2}, {0, 2, 0, 2, 1}, {1, 0, 0, 0, 1}, {0, 0, 4, 0, 0}} {
		var list []float64
		for i, c := range counts {
			for range c {
				list = append(list, sorted[i].v)
			}
		}
		if got, want := weightedMedian(sorted, blocks, counts, len(list)), Median(list); got != want {
			t.Errorf("weightedMedian(%v) = %g, want %g", counts, got, want)
		}
	}
	// Many values in a few blocks, as a run's pairs are: past the first
	// four, and with even splits among them.
	rng := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		n := 1 + rng.IntN(40)
		sorted, blocks, counts := make([]weighted, n), make([]int32, n), make([]int32, 6)
		for i := range sorted {
			blocks[i] = int32(rng.IntN(len(counts)))
			sorted[i] = weighted{float64(i), int(blocks[i])}
		}
		for b := range counts {
			counts[b] = int32(rng.IntN(3))
		}
		var list []float64
		for i, x := range sorted {
			for range counts[blocks[i]] {
				list = append(list, x.v)
			}
		}
		if len(list) == 0 {
			continue
		}
		if got, want := weightedMedian(sorted, blocks, counts, len(list)), Median(list); got != want {
			t.Fatalf("weightedMedian of blocks %v counted %v = %g, want %g", blocks, counts, got, want)
		}
	}
}

// TestQuantile: selecting the two ranks gives what interpolating in the
// sorted values gives, with runs of equal values and NaNs among them.
func TestQuantile(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tt := range []struct {
		name string
		draw func() float64
	}{
		{"distinct", rng.Float64},
		{"few values", func() float64 { return float64(rng.IntN(4)) }},
		{"one value", func() float64 { return 7 }},
		{"with NaN", func() float64 {
			if rng.IntN(50) == 0 {
				return math.NaN()
			}
			return rng.NormFloat64()
		}},
	} {
		for _, n := range []int{1, 2, 3, 40, 1000} {
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = tt.draw()
			}
			sorted := slices.Clone(xs)
			slices.Sort(sorted)
			for _, q := range []float64{0, 0.025, 0.5, 0.975, 1} {
				pos := q * float64(n-1)
				i := int(pos)
				want := sorted[i]
				if i+1 < n {
					want += (pos - float64(i)) * (sorted[i+1] - sorted[i])
				}
				if got := quantile(slices.Clone(xs), q); got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
					t.Errorf("%s, n=%d: quantile(%g) = %g, want %g", tt.name, n, q, got, want)
				}
			}
		}
	}
}
