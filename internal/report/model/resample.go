package model

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"gonum.org/v1/gonum/stat/distuv"
)

// A resample of n independent values draws n of their indices with
// replacement, and its median is the mean of two order statistics of the
// draws: the kth and the (k+1)th smallest, k = n/2, for even n, and the
// ((n+1)/2)th twice for odd n. Which pair of the sorted values they are has a
// law that depends on n alone, so a replicate is one draw from it: the
// bootstrap of the median without drawing n indices for each replicate.

// A medianLaw is that law for one n: the pairs (lo, hi) of sorted
// positions, lo <= hi, and their cumulative probabilities.
type medianLaw struct {
	lo, hi []int
	cum    []float64
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
	l := &medianLaw{}
	nf := float64(n)
	k := n / 2
	if n%2 == 1 {
		k = (n + 1) / 2
	}
	// atMost(i) is P(the kth smallest draw is at most position i): that at
	// least k of the n draws fall at or below i.
	atMost := func(i int) float64 {
		if i < 0 {
			return 0
		}
		return distuv.Binomial{N: nf, P: float64(i+1) / nf}.Survival(float64(k - 1))
	}
	// For even n, the kth smallest draw is at i and the (k+1)th at j > i
	// when exactly k draws fall at or below i, at least one of them at i,
	// and the smallest of the other n-k is at j.
	choose := math.Exp(lgamma(nf+1) - lgamma(float64(k)+1) - lgamma(nf-float64(k)+1))
	pow := func(x float64) float64 { return math.Pow(x/nf, float64(n-k)) }
	acc := 0.0
	add := func(lo, hi int, p float64) {
		acc += max(p, 0)
		l.lo, l.hi, l.cum = append(l.lo, lo), append(l.hi, hi), append(l.cum, acc)
	}
	for i := range n {
		kth := atMost(i) - atMost(i-1)
		if n%2 == 1 {
			add(i, i, kth)
			continue
		}
		below := choose * (math.Pow(float64(i+1)/nf, float64(k)) - math.Pow(float64(i)/nf, float64(k)))
		add(i, i, kth-below*pow(float64(n-1-i)))
		for j := i + 1; j < n; j++ {
			add(i, j, below*(pow(float64(n-j))-pow(float64(n-j-1))))
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
	u := rng.Float64() * l.cum[len(l.cum)-1]
	i, _ := slices.BinarySearch(l.cum, u)
	i = min(i, len(l.cum)-1)
	return (sorted[l.lo[i]] + sorted[l.hi[i]]) / 2
}
