package model

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"golang.org/x/perf/benchmath"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/jsoncost/jsoncost/internal/report/format"
)

const (
	// Confidence is the level of every interval.
	Confidence = 0.95
	// BootstrapReps is the number of bootstrap draws.
	BootstrapReps = 1000
	// MinBootstrapSamples is the fewest samples for a bootstrap interval.
	MinBootstrapSamples = 3
	// MinMedianSamples is the fewest samples for a median's interval.
	MinMedianSamples = 6
)

// Summarize is the median of samples with benchmath's interval, as
// benchstat gives it; HasCI is false when there are too few samples for a
// finite interval, and none give NaN, which package format prints as
// format.None.
func Summarize(vals []float64) Estimate {
	if len(vals) == 0 {
		return Estimate{V: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	sample := benchmath.NewSample(slices.Clone(vals), &benchmath.DefaultThresholds)
	sum := benchmath.AssumeNothing.Summary(sample, Confidence)
	return Estimate{V: sum.Center, Lo: sum.Lo, Hi: sum.Hi, HasCI: !math.IsInf(sum.Lo, 0) && !math.IsInf(sum.Hi, 0)}
}

// Median is the sample median, NaN of none.
func Median(vals []float64) float64 {
	if len(vals) == 0 {
		return math.NaN()
	}
	s := slices.Sorted(slices.Values(vals))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// An Estimate is a median (Summarize) or a quantity derived from medians
// (Derive) with its confidence interval, as package format prints it.
type Estimate = format.Estimate

// withCI is v with the Confidence interval of its replicates reps, which it reorders.
func withCI(v float64, reps []float64) Estimate {
	alpha := (1 - Confidence) / 2
	return Estimate{V: v, Lo: quantile(reps, alpha), Hi: quantile(reps, 1-alpha), HasCI: true}
}

// quantile is the q-quantile of xs, interpolated between the two ranks
// around it as in the sorted xs; it reorders xs. It selects the two ranks
// rather than sorting: a bootstrap interval wants two of a thousand.
func quantile(xs []float64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	i := int(pos)
	lo := nth(xs, i)
	if i+1 >= len(xs) {
		return lo
	}
	hi := xs[i+1] // after nth, the least of xs[i+1:] is the next rank
	for _, x := range xs[i+2:] {
		if cmp.Less(x, hi) {
			hi = x
		}
	}
	return lo + (pos-float64(i))*(hi-lo)
}

// nth reorders xs so that xs[k] holds what slices.Sort would put there,
// with nothing greater before it and nothing less after it, and returns it.
// Each pass splits the part holding k three ways around its middle value,
// so runs of equal values, which a bootstrap of medians draws often, end it.
func nth(xs []float64, k int) float64 {
	lo, hi := 0, len(xs)
	for hi-lo > 1 {
		p := xs[lo+(hi-lo)/2]
		lt, i, gt := lo, lo, hi // xs[lo:lt] < p, xs[lt:i] == p, xs[gt:hi] > p
		for i < gt {
			switch c := cmp.Compare(xs[i], p); {
			case c < 0:
				xs[lt], xs[i] = xs[i], xs[lt]
				lt++
				i++
			case c > 0:
				gt--
				xs[i], xs[gt] = xs[gt], xs[i]
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k >= gt:
			lo = gt
		default:
			return xs[k]
		}
	}
	return xs[k]
}

// A resample of n independent values draws n of their indices with
// replacement, and its median is the mean of two order statistics of the
// draws: the kth and the (k+1)th smallest, k = n/2, for even n, and the
// ((n+1)/2)th twice for odd n. Which pair of the sorted values they are has a
// law that depends on n alone, so a replicate is a draw from it: the
// bootstrap of the median without drawing n indices for each replicate.

// A medianLaw is that law for one n: the position i of the kth smallest
// draw, by its cumulative probabilities, and how likely the (k+1)th is at
// i too. Otherwise it lies above i where the smallest of the other n-k
// draws does: exactly k draws fell at or below i, so those n-k are uniform
// over the positions above it.
type medianLaw struct {
	k    int
	cum  []float64 // P(kth ≤ i)
	stay []float64 // P((k+1)th = i | kth = i); 1 for odd n
}

var (
	lawsMu sync.Mutex
	laws   = map[int]*medianLaw{}
)

// lawOf is the medianLaw of n values, computed once per n.
func lawOf(n int) *medianLaw {
	lawsMu.Lock()
	defer lawsMu.Unlock()
	if l, ok := laws[n]; ok {
		return l
	}
	nf := float64(n)
	l := &medianLaw{k: n / 2, cum: make([]float64, n), stay: make([]float64, n)}
	if n%2 == 1 {
		l.k = (n + 1) / 2
	}
	// atMost(i) is P(kth ≤ i): that at least k of the n draws fall at or below i.
	atMost := func(i int) float64 {
		if i < 0 {
			return 0
		}
		return distuv.Binomial{N: nf, P: float64(i+1) / nf}.Survival(float64(l.k - 1))
	}
	lchoose := lgamma(nf+1) - lgamma(float64(l.k)+1) - lgamma(nf-float64(l.k)+1)
	for i := range n {
		kth := atMost(i) - atMost(i-1)
		l.cum[i] = atMost(i)
		l.stay[i] = 1
		if n%2 == 0 && kth > 0 {
			// P(kth = i < (k+1)th): exactly k draws at or below i, not all below it.
			// In logs, for the binomial coefficient of thousands of values.
			up := math.Exp(lchoose + float64(n-l.k)*math.Log(float64(n-1-i)/nf) +
				float64(l.k)*math.Log(float64(i+1)/nf) + math.Log1p(-math.Pow(float64(i)/float64(i+1), float64(l.k))))
			l.stay[i] = min(max(1-up/kth, 0), 1)
		}
	}
	laws[n] = l
	return l
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// draw is the median of one resample of sorted.
func (l *medianLaw) draw(rng *rand.Rand, sorted []float64) float64 {
	n := len(sorted)
	i, _ := slices.BinarySearch(l.cum, rng.Float64()*l.cum[n-1])
	i = min(i, n-1)
	above := n - 1 - i
	if above == 0 || l.stay[i] == 1 || rng.Float64() < l.stay[i] {
		return sorted[i]
	}
	// The smallest of n-k uniform draws over the above positions: at least
	// s above i+1 with probability ((above-s)/above)^(n-k).
	v := 1 - rng.Float64()
	s := above - int(math.Ceil(float64(above)*math.Pow(v, 1/float64(n-l.k))))
	return (sorted[i] + sorted[i+1+min(max(s, 0), above-1)]) / 2
}
