package model

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// resampled is the law of the median of a resample of n values, counted
// over every one of the n^n resamples: the probability of each pair of
// sorted positions whose mean it is.
func resampled(n int) map[[2]int]float64 {
	law := map[[2]int]float64{}
	draws := make([]int, n)
	for r := 0; r < int(math.Pow(float64(n), float64(n))); r++ {
		for i, x := 0, r; i < n; i, x = i+1, x/n {
			draws[i] = x % n
		}
		s := slices.Sorted(slices.Values(draws))
		law[[2]int{s[(n-1)/2], s[n/2]}] += math.Pow(float64(n), -float64(n))
	}
	return law
}

// TestMedianLaw: the medianLaw of n values gives each pair of positions
// the probability counting every resample gives.
func TestMedianLaw(t *testing.T) {
	for n := 1; n <= 7; n++ {
		want := resampled(n)
		l, prev := lawOf(n), 0.0
		m := float64(n - l.k)
		for i := range n {
			kth := l.cum[i] - prev
			prev = l.cum[i]
			for j := i; j < n; j++ {
				got := kth * l.stay[i]
				if j > i { // the smallest of the n-k draws above i, at j
					above := float64(n - 1 - i)
					got = kth * (1 - l.stay[i]) * (math.Pow(float64(n-j)/above, m) - math.Pow(float64(n-j-1)/above, m))
				}
				if pair := [2]int{i, j}; math.Abs(got-want[pair]) > 1e-12 {
					t.Errorf("n=%d: P(median of positions %v) = %.15f, want %.15f", n, pair, got, want[pair])
				}
			}
		}
	}
}

// TestMedianDraws: draws come out as often as counting every resample
// says, within five standard errors.
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
		for pair, p := range resampled(n) {
			median := (sorted[pair[0]] + sorted[pair[1]]) / 2
			if got, sd := float64(seen[median])/reps, math.Sqrt(p*(1-p)/reps); math.Abs(got-p) > 5*sd {
				t.Errorf("n=%d: positions %v drawn %.4f of the time, want %.4f", n, pair, got, p)
			}
			delete(seen, median)
		}
		for median := range seen {
			t.Errorf("n=%d: drew %g, the mean of no two positions", n, median)
		}
	}
}

// TestMedianLawOfMany: the law of thousands of values is a law, and its
// draws' median is the middle position.
func TestMedianLawOfMany(t *testing.T) {
	for _, n := range []int{2000, 2001} {
		l := lawOf(n)
		if last := l.cum[n-1]; math.Abs(last-1) > 1e-9 {
			t.Errorf("n=%d: the probabilities add up to %g", n, last)
		}
		for i, p := range l.stay {
			if !(p >= 0 && p <= 1) {
				t.Fatalf("n=%d: P(the next at %d too) = %g", n, i, p)
			}
		}
		sorted := make([]float64, n)
		for i := range sorted {
			sorted[i] = float64(i)
		}
		rng, draws := rand.New(rand.NewPCG(1, 3)), make([]float64, 2001)
		for r := range draws {
			draws[r] = l.draw(rng, sorted)
		}
		if m := Median(draws); math.Abs(m-float64(n-1)/2) > 5 {
			t.Errorf("n=%d: the draws' median is %g, want about %g", n, m, float64(n-1)/2)
		}
	}
}
