package model

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMedianLaw: the law of a resample's median is what counting every
// one of the n^n resamples of n values gives.
func TestMedianLaw(t *testing.T) {
	for n := 1; n <= 7; n++ {
		want := map[[2]int]float64{}
		draws := make([]int, n)
		for r := 0; r < int(math.Pow(float64(n), float64(n))); r++ {
			for i, x := 0, r; i < n; i, x = i+1, x/n {
				draws[i] = x % n
			}
			s := slices.Sorted(slices.Values(draws))
			want[[2]int{s[(n-1)/2], s[n/2]}] += math.Pow(float64(n), -float64(n))
		}
		l := lawOf(n)
		prev := 0.0
		for i := range l.cum {
			pair := [2]int{l.lo[i], l.hi[i]}
			if got := l.cum[i] - prev; math.Abs(got-want[pair]) > 1e-12 {
				t.Errorf("n=%d: P(median of positions %v) = %.15f, want %.15f", n, pair, got, want[pair])
			}
			prev = l.cum[i]
			delete(want, pair)
		}
		for pair, p := range want {
			t.Errorf("n=%d: the law leaves out positions %v (P %.15f)", n, pair, p)
		}
	}
}

// TestMedianDraws: draws from a law come out as often as it says, within
// five standard errors.
func TestMedianDraws(t *testing.T) {
	const reps = 100000
	for _, n := range []int{4, 5} {
		sorted := make([]float64, n) // every pair has a mean of its own
		for i := range sorted {
			sorted[i] = float64(int(1) << (3 * i))
		}
		law, rng, seen := lawOf(n), rand.New(rand.NewPCG(1, 2)), map[float64]int{}
		for range reps {
			seen[law.draw(rng, sorted)]++
		}
		prev := 0.0
		for i, c := range law.cum {
			p, median := c-prev, (sorted[law.lo[i]]+sorted[law.hi[i]])/2
			prev = c
			if got, sd := float64(seen[median])/reps, math.Sqrt(p*(1-p)/reps); math.Abs(got-p) > 5*sd+1e-9 {
				t.Errorf("n=%d: positions %d and %d drawn %.4f of the time, want %.4f", n, law.lo[i], law.hi[i], got, p)
			}
		}
	}
}
