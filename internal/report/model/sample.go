package model

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Sample is what the report knows of one figure of a cell: its point
// estimate and BootstrapReps replicates of it. The replicates of every
// cell of a paired run are drawn from the same resampled processes, so a
// figure derived from several cells (Derive) is computed replicate by
// replicate and keeps what the cells share out of its interval; those of
// an older run resample each cell's own samples.
type Sample struct {
	Point float64
	Reps  []float64 // nil for an exact unit or too few samples for an interval
	N     int       // the samples or pairs it rests on; 0 for none
	Exact bool      // the unit does not vary (instruction counts)
	vals  []float64 // independent values (Values), whose median's interval benchmath gives exactly
}

// Known reports whether s rests on any sample.
func (s Sample) Known() bool { return s.N > 0 }

// combine is f of a's and b's points, and of their replicates where both
// have them, resting on a's samples.
func combine(a, b Sample, f func(x, y float64) float64) Sample {
	s := Sample{Point: f(a.Point, b.Point), N: a.N}
	if a.Reps != nil && b.Reps != nil {
		s.Reps = make([]float64, len(a.Reps))
		for i := range s.Reps {
			s.Reps[i] = f(a.Reps[i], b.Reps[i])
		}
	}
	return s
}

// scale is s, of a paired run (never exact), with f applied to its point
// and every replicate.
func (s Sample) scale(f func(float64) float64) Sample {
	return combine(s, s, func(x, _ float64) float64 { return f(x) })
}

// Estimate is s with its Confidence interval: benchmath's, as benchstat
// gives it, for independent values, else the replicates' quantiles.
func (s Sample) Estimate() Estimate {
	switch {
	case !s.Known() || s.vals != nil:
		return Summarize(s.vals)
	case s.Exact:
		return Estimate{V: s.Point, Lo: s.Point, Hi: s.Point, HasCI: true}
	case s.Reps == nil:
		return Estimate{V: s.Point}
	}
	return withCI(s.Point, slices.Clone(s.Reps))
}

// Values is the Sample of independent values: their median, and the
// medians of BootstrapReps resamples of them drawn from a generator seeded
// by the values themselves, so the same values give the same interval.
func Values(vals []float64) Sample {
	h := fnv.New64a()
	binary.Write(h, binary.LittleEndian, vals)
	return values(vals, h.Sum64())
}

// values is Values with its generator seeded by seed.
func values(vals []float64, seed uint64) Sample {
	s := Sample{N: len(vals), vals: vals}
	if len(vals) == 0 {
		return s
	}
	s.Point = Median(vals)
	if len(vals) < MinBootstrapSamples {
		return s
	}
	rng := rand.New(rand.NewPCG(1, seed))
	sorted, law := slices.Sorted(slices.Values(vals)), lawOf(len(vals))
	s.Reps = make([]float64, BootstrapReps)
	for j := range s.Reps {
		s.Reps[j] = law.draw(rng, sorted)
	}
	return s
}

// Derive computes stat on the points of samples, with the interval of stat
// over their replicates; without replicates for every sample it has no
// interval (an exact sample counts as its point in every replicate).
func Derive(samples []Sample, stat func(v []float64) float64) Estimate {
	return derive(samples, 1, func(v, out []float64) { out[0] = stat(v) })[0]
}

// derive is Derive of k figures at once.
func derive(samples []Sample, k int, stat func(v, out []float64)) []Estimate {
	all, out, v := make([]Estimate, k), make([]float64, k), make([]float64, len(samples))
	exact := true
	for i, s := range samples {
		v[i] = s.Point
		exact = exact && s.Exact
	}
	stat(v, out)
	for j, x := range out {
		all[j] = Estimate{V: x}
		if exact {
			all[j] = Estimate{V: x, Lo: x, Hi: x, HasCI: true}
		}
	}
	if exact || slices.ContainsFunc(samples, func(s Sample) bool { return s.Reps == nil && !s.Exact }) {
		return all
	}
	draws := make([][]float64, k)
	for j := range draws {
		draws[j] = make([]float64, 0, BootstrapReps)
	}
	for r := range BootstrapReps {
		for i, s := range samples {
			if !s.Exact {
				v[i] = s.Reps[r]
			}
		}
		stat(v, out)
		for j, x := range out {
			draws[j] = append(draws[j], x)
		}
	}
	for j, d := range draws {
		all[j] = withCI(all[j].V, d)
	}
	return all
}

// Ratio is num over den; ok is false without both or when den is 0.
func Ratio(num, den Sample) (Estimate, bool) {
	if !num.Known() || !den.Known() || den.Point == 0 {
		return Estimate{}, false
	}
	return Derive([]Sample{num, den}, func(v []float64) float64 { return v[0] / v[1] }), true
}

// Differs reports whether e's interval leaves out 1: two figures whose
// ratio it is differ beyond the noise of the run.
func Differs(e Estimate) bool { return e.HasCI && (e.Hi < 1 || e.Lo > 1) }

// Ns is the ns/op of op on fixture with codec in r.
func Ns(r *load.Run, op, fixture, codec string) Sample {
	return Of(r, rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}, rawfmt.UnitNs)
}

// Of is cell c's figure in unit: in a paired run its ns/op comes from its
// pairs (see paired.go); every other figure from its values.
func Of(r *load.Run, c rawfmt.Cell, unit string) Sample {
	rs := samplesOf(r)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return rs.get(c, unit)
}

// runSamples caches a run's samples: they are asked for many times, and
// those of a paired run depend on one another.
type runSamples struct {
	run       *load.Run
	mu        sync.Mutex
	cache     map[sampleKey]Sample
	precision map[rawfmt.Cell]func() (Estimate, []float64) // cellPrecision's
	weights   [][]int32                                    // a paired run's block weights, per replicate: how often each block was drawn
}

type sampleKey struct {
	cell rawfmt.Cell
	unit string
}

var memoMu sync.Mutex // guards every run's Memo

// samplesOf is r's cache of samples, kept in r.Memo so that it lives as long as r.
func samplesOf(r *load.Run) *runSamples {
	memoMu.Lock()
	defer memoMu.Unlock()
	if r.Memo == nil {
		r.Memo = &runSamples{run: r, cache: map[sampleKey]Sample{}, precision: map[rawfmt.Cell]func() (Estimate, []float64){}}
	}
	return r.Memo.(*runSamples)
}

// get is Of without the lock, for samples that need others.
func (rs *runSamples) get(c rawfmt.Cell, unit string) Sample {
	key := sampleKey{c, unit}
	if s, ok := rs.cache[key]; ok {
		return s
	}
	var s Sample
	switch size := rs.run.Sizes[c.Fixture]; {
	case unit == rawfmt.UnitNs && rs.run.Paired():
		s = rs.paired(c)
	case unit == rawfmt.UnitAnchorNs && rs.run.Paired():
		s = rs.anchor(c)
	case unit == rawfmt.UnitMBs && rs.run.Paired() && size.HasDocBytes:
		// A paired run records no MB/s: it is the document's bytes over the cell's time.
		s = rs.get(c, rawfmt.UnitNs).scale(func(ns float64) float64 { return size.DocBytes / ns * 1e3 })
	default:
		vals := rs.run.Samples(c, unit)
		if len(vals) > 0 && rs.run.Exact(unit) {
			s = Sample{Point: Median(vals), N: len(vals), Exact: true}
		} else {
			// Seeded by what the values are of, so that two cells with
			// equal values still resample independently.
			h := fnv.New64a()
			fmt.Fprint(h, rs.run.Build, c, unit)
			s = values(vals, h.Sum64())
		}
	}
	rs.cache[key] = s
	return s
}
