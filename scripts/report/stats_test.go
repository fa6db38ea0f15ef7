package main

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// noisy returns n samples of v with relative Gaussian noise sd, from a fixed seed.
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
		{name: "two samples: no interval", xs: [][]float64{{1}, {10}, {100}}, coef: []float64{100, 10}, samples: 2},
		{name: "one point", xs: [][]float64{{50}}, coef: []float64{300, 60}, samples: 6, wantErr: errTooFewPoints},
		{name: "two points for three coefficients", xs: [][]float64{{1, 1}, {2, 3}}, coef: []float64{1, 1, 1}, samples: 6, wantErr: errTooFewPoints},
		{name: "collinear regressors", xs: [][]float64{{1, 2}, {2, 4}, {3, 6}, {4, 8}}, coef: []float64{1, 1, 1}, samples: 6, wantErr: errCollinear},
		{name: "x never varies", xs: [][]float64{{10}, {10}, {10}}, coef: []float64{1, 1}, samples: 6, wantErr: errCollinear},
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
			f, err := fitLinear(tt.xs, sets)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("error %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for j, c := range f.coef {
				if rel := math.Abs(c.v-tt.coef[j]) / tt.coef[j]; rel > 0.05+3*tt.noise {
					t.Errorf("coefficient %d = %g, want about %g", j, c.v, tt.coef[j])
				}
				if c.hasCI != tt.wantCI {
					t.Errorf("coefficient %d has interval %v, want %v", j, c.hasCI, tt.wantCI)
				}
				if c.hasCI && (c.lo > c.v || c.hi < c.v) {
					t.Errorf("coefficient %d = %g outside its interval [%g, %g]", j, c.v, c.lo, c.hi)
				}
			}
			if f.r2 < 0.99 {
				t.Errorf("R² = %g, want near 1 for a line", f.r2)
			}
		})
	}
}

func TestBootstrapIsDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	a, b := noisy(rng, 1000, 0.05, 6), noisy(rng, 100, 0.05, 6)
	r1, ok1 := ratio(a, b)
	r2, ok2 := ratio(a, b)
	if !ok1 || !ok2 || r1 != r2 {
		t.Fatalf("two bootstraps of the same data differ: %+v %+v", r1, r2)
	}
	if !r1.hasCI || r1.lo > r1.v || r1.hi < r1.v || r1.lo < 8 || r1.hi > 12.5 {
		t.Errorf("ratio %+v, want about 10 inside its interval", r1)
	}
	if _, ok := ratio(a, []float64{0, 0, 0}); ok {
		t.Error("ratio over a zero median succeeded")
	}
	constant := derive([][]float64{{3, 3, 3}, {1, 1, 1}}, func(m []float64) float64 { return m[0] - m[1] })
	if constant != (estimate{v: 2, lo: 2, hi: 2, hasCI: true}) {
		t.Errorf("constant samples: %+v, want an exact interval at 2", constant)
	}
}

func TestMedianMatchesBenchmath(t *testing.T) {
	for _, vals := range [][]float64{{3}, {5, 1}, {4, 1, 3}, {9, 2, 7, 4, 1, 8}, {1, 2, 2, 2, 9, 9, 10}} {
		if got, want := median(vals), summarize(vals).center; got != want {
			t.Errorf("median(%v) = %g, benchmath says %g", vals, got, want)
		}
	}
}

func TestNaturalCompare(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"es-hits-2-full", "es-hits-10-full", -1},
		{"es-hits-10-full", "es-hits-100-full", -1},
		{"es-hits-1-full", "es-hits-1-source5", -1},
		{"fields-0005", "fields-0050", -1},
		{"bytes-0.25k", "bytes-0001k", -1},
		{"bytes-1024k", "bytes-0256k", 1},
		{"nested-d8", "nested-d10", -1},
		{"f01", "f1", -1},
		{"decode-map", "decode-map", 0},
		{"get5", "decode-struct", 1},
	}
	for _, tt := range tests {
		if got := naturalCompare(tt.a, tt.b); got != tt.want {
			t.Errorf("naturalCompare(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestParseRawName(t *testing.T) {
	tests := []struct{ name, stamp, kind string }{
		{"20261129T221500Z.txt", "20261129T221500Z", kindFull},
		{"20261129T221500Z-quick.txt", "20261129T221500Z", "quick"},
		{"20261129T221500Z-custom.txt", "20261129T221500Z", "custom"},
		{"20261129T221500Z-odd.txt", "20261129T221500Z", "odd"},
	}
	for _, tt := range tests {
		if stamp, kind := parseRawName(tt.name); stamp != tt.stamp || kind != tt.kind {
			t.Errorf("parseRawName(%q) = %q, %q; want %q, %q", tt.name, stamp, kind, tt.stamp, tt.kind)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{num(5), "5"},
		{num(76.84), "76.8"},
		{num(0.04123), "0.0412"},
		{num(302.4), "302"},
		{num(math.NaN()), none},
		{ns(407), "407 ns"},
		{ns(3679), "3.68 µs"},
		{ns(74816), "74.8 µs"},
		{ns(2.5e6), "2.50 ms"},
		{nsCI(estimate{v: 59.7, lo: 59.1, hi: 60.7, hasCI: true}), "59.7 ns [59.1, 60.7]"},
		{times(3679.0 / 407), "9.0×"},
		{times(0.456), "0.46×"},
		{withCI(estimate{v: 9.66, lo: 9.1, hi: 10.2, hasCI: true}, times), "9.7× [9.1×, 10.2×]"},
		{withCI(estimate{v: -17, lo: -20, hi: -11, hasCI: true}, pct), "-17% [-20%, -11%]"},
		{withCI(estimate{v: 2, lo: 2, hi: 2, hasCI: true}, num), "2"},
		{pct(88.4), "88%"},
		{pct(3.94), "3.9%"},
		{byteSize(2331), "2331 B"},
		{byteSize(65536), "64 KB"},
		{r2(0.99912), "0.999"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
