package model

import (
	"math"
	"math/rand/v2"
	"testing"
)

// coverage draws trials samples of n values with median 1000, skewed to
// the right as benchmark times are (log-normal), and returns the share of
// the samples whose bootstrap interval of the median covers 1000 and the
// intervals' mean width. The seed is fixed: the result is the same on
// every run.
func coverage(n, trials int) (covered, width float64) {
	const median = 1000
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	s := make([]float64, n)
	hits := 0
	for range trials {
		for i := range s {
			s[i] = median * math.Exp(0.05*rng.NormFloat64())
		}
		e := Values(s).Estimate()
		if !e.HasCI {
			return 0, 0
		}
		if e.Lo <= median && median <= e.Hi {
			hits++
		}
		width += e.Hi - e.Lo
	}
	return float64(hits) / float64(trials), width / float64(trials)
}

// TestBootstrapCoverage: the 95% bootstrap interval of a median covers the
// true median in 95% of samples, and narrows as 1/√n.
//
// The bootstrap median of n values is one of their order statistics, so
// the percentile interval's exact coverage moves with n, from 91% to 96.5%
// between n = 9 and 99 (the binomial sum over the order statistics the
// interval's ends fall on). At n = 17 it is 95.1%: over 1000 trials the
// share covered has a standard deviation of 0.7 points, so 93–97% is three
// of them either side, and an interval twice as wide (drawing n/4 values)
// covers in more than 99%.
func TestBootstrapCoverage(t *testing.T) {
	const n, trials = 17, 1000
	covered, width := coverage(n, trials)
	if covered < 0.93 || covered > 0.97 {
		t.Errorf("n=%d: the 95%% interval covers the median in %.1f%% of %d trials, want 93–97%%", n, 100*covered, trials)
	}
	// At n = 67, about 4·17 values, the exact coverage is 95.0%: the ends
	// fall on alike order statistics, and the width should shrink by
	// √(67/17) ≈ 2.
	const large = 67
	_, narrow := coverage(large, 200)
	want := math.Sqrt(float64(large) / n)
	if ratio := width / narrow; math.Abs(ratio/want-1) > 0.15 {
		t.Errorf("mean width %.1f at n=%d, %.1f at n=%d: ratio %.2f, want %.2f ± 15%%", width, n, narrow, large, ratio, want)
	}
	t.Logf("n=%d: covered %.1f%%, mean width %.2f; n=%d: mean width %.2f", n, 100*covered, width, large, narrow)
}
