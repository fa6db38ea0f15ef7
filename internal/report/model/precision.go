package model

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"gonum.org/v1/gonum/stat"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// WideHalfWidth is the relative half-width of a wide interval.
const WideHalfWidth = 0.10

// OpPrecision is the half-widths of one operation's fields-* ns/op intervals.
type OpPrecision struct {
	Op          string
	Cells       int     // codec cells with a finite interval
	Unbounded   int     // codec cells with too few samples for one
	Median, P90 float64 // of the half-widths
	// Low and High are the 10th and 90th percentiles of every sample of
	// the cells over its cell's median: how far one sample strays, which
	// more rounds do not narrow and a busy host widens.
	Low, High float64
	Wide      []WideCell
}

// A WideCell is a cell whose interval is wider than ±WideHalfWidth.
type WideCell struct {
	Cell      rawfmt.Cell
	HalfWidth float64
}

// HalfWidth is benchstat's "± x%" of s; ok is false without a finite
// interval or a positive median.
func HalfWidth(s Estimate) (float64, bool) {
	if !s.HasCI || s.V <= 0 {
		return 0, false
	}
	return math.Max(s.Hi/s.V-1, 1-s.Lo/s.V), true
}

// AllOps names the precision of all operations together.
const AllOps = "all operations"

// Precise computes every operation's precision, then AllOps's.
func Precise(r *load.Run) []OpPrecision {
	var out []OpPrecision
	fields := r.FixturesOf(load.Fields)
	for _, op := range r.Ops {
		out = appendMeasured(out, r, op, []string{op}, fields)
	}
	return appendMeasured(out, r, AllOps, r.Ops, fields)
}

// PreciseFamilies computes the precision of each fixture family the run
// has, over the cells of every operation, each named by its prefix and *.
func PreciseFamilies(r *load.Run) []OpPrecision {
	var out []OpPrecision
	for _, fam := range load.Families {
		out = appendMeasured(out, r, fam.Prefix+"*", r.Ops, r.FixturesOf(fam))
	}
	return out
}

// appendMeasured appends to out the precision named name of ops on
// fixtures, when it has cells.
func appendMeasured(out []OpPrecision, r *load.Run, name string, ops, fixtures []string) []OpPrecision {
	p := OpPrecision{Op: name}
	if p.measure(r, ops, fixtures); p.Cells+p.Unbounded > 0 {
		out = append(out, p)
	}
	return out
}

// measure fills p from the codec cells of ops on fixtures (in a paired
// run, of each codec's ratio to its base: the base's own cells measure the
// machine's speed, not a ranking) and returns their finite half-widths. It
// counts in p the cells without one, lists the wide ones and takes the
// quantiles of both.
func (p *OpPrecision) measure(r *load.Run, ops, fixtures []string) (hw []float64) {
	var samples []float64 // each sample over its cell's median
	for c := range cells(ops, fixtures, r.CodecNames) {
		if r.Paired() && c.Codec == BaseOf(r, c.Op) {
			continue
		}
		sum, strays := cellPrecision(r, c)
		if strays == nil {
			continue
		}
		samples = append(samples, strays...)
		h, bounded := HalfWidth(sum)
		switch {
		case !bounded:
			p.Unbounded++
			continue
		case h > WideHalfWidth:
			p.Wide = append(p.Wide, WideCell{Cell: c, HalfWidth: h})
		}
		hw = append(hw, h)
	}
	if p.Cells = len(hw); p.Cells > 0 {
		slices.Sort(hw)
		p.Median = stat.Quantile(0.5, stat.LinInterp, hw, nil)
		p.P90 = stat.Quantile(0.9, stat.LinInterp, hw, nil)
	}
	if len(samples) > 0 {
		slices.Sort(samples)
		p.Low = stat.Quantile(0.1, stat.LinInterp, samples, nil)
		p.High = stat.Quantile(0.9, stat.LinInterp, samples, nil)
	}
	return hw
}

// cellPrecision is the estimate whose interval measures c's precision, and
// how far each of its samples strays from it (nil without any): in a
// paired run, a codec's ratio to its base and each pair's ratio over it,
// else its ns/op and each sample's over its median.
// Each page and verdict asks for it again, so the run's samples keep it.
func cellPrecision(r *load.Run, c rawfmt.Cell) (Estimate, []float64) {
	rs := samplesOf(r)
	rs.mu.Lock()
	p, ok := rs.precision[c]
	if !ok {
		p = sync.OnceValues(func() (Estimate, []float64) { return measureCell(r, c) })
		rs.precision[c] = p
	}
	rs.mu.Unlock()
	return p()
}

// measureCell is cellPrecision, computed.
func measureCell(r *load.Run, c rawfmt.Cell) (Estimate, []float64) {
	var e Estimate
	var vals []float64 // what strays from e: the samples, or the pairs' ratios
	if base := BaseOf(r, c.Op); r.Paired() && base != "" {
		e, _ = Ratio(Ns(r, c.Op, c.Fixture, c.Codec), Ns(r, c.Op, c.Fixture, base))
		for _, p := range r.Pairs[c] {
			if p.Unit == rawfmt.UnitBaseNs {
				vals = append(vals, p.Own/p.Partner)
			}
		}
	} else if vals = r.Samples(c, rawfmt.UnitNs); len(vals) > 0 {
		e = Ns(r, c.Op, c.Fixture, c.Codec).Estimate()
	}
	if e.V <= 0 || len(vals) == 0 {
		return e, nil
	}
	strays := make([]float64, len(vals))
	for i, v := range vals {
		strays[i] = v / e.V
	}
	return e, strays
}

// MaxSpread is the largest Spread of a run that states findings.
const MaxSpread = WideHalfWidth

// BusySpread is how far from its cell's median, either side, a tenth of a
// run's samples may stray before the run is taken as one on a busy host:
// quiet runs keep them within about 0.90–1.10, runs beside busy tenants stray to
// 0.70–1.25, and more rounds narrow their intervals only slowly.
const BusySpread = 0.15

// Overall is the precision of r's codec cells, every operation on every
// fixture, and their Spread, the median of their half-widths; ok is false
// without any.
func Overall(r *load.Run) (p OpPrecision, spread float64, ok bool) {
	p = OpPrecision{Op: AllOps}
	hw := p.measure(r, r.Ops, r.Fixtures)
	if len(hw) == 0 {
		return p, 0, false
	}
	return p, Median(hw), true
}

// The precision a paired run aims at: the median half-width of its codecs'
// ratios to their bases within TargetMedian, their 90th percentile within
// TargetP90.
const (
	TargetMedian = 0.02
	TargetP90    = 0.05
)

// MeetsTargets reports whether p's half-widths are within TargetMedian and TargetP90.
func (p OpPrecision) MeetsTargets() bool {
	return p.Cells > 0 && p.Median <= TargetMedian && p.P90 <= TargetP90
}

// Busy reports whether p's samples stray further than BusySpread.
func (p OpPrecision) Busy() bool { return p.Low < 1-BusySpread || p.High > 1+BusySpread }

// A Spread is where a paired run's intervals come from, over its fields-*
// codec cells (the log of each pair's ratio to its base): Pairs is the
// median over cells of the standard deviation of a cell's pairs within one
// process, Processes the median over cells of the standard deviation of
// the medians of its processes (one a round). A cell's interval resamples
// processes, so it narrows as the square root of their number; more pairs
// in one narrow only the part of the processes' scatter that the pairs
// make. Rounds is the rounds a run would take for the median half-width of
// all operations (Precise) to reach TargetMedian.
//
// In a run whose link layouts each ran PerLayout > 1 rounds, Processes is
// the scatter of a layout's processes about their layout's mean, and
// Layouts that of the layouts' means, and Alone what the processes'
// scatter alone would give the layouts' means: Processes / √PerLayout.
type Spread struct {
	Pairs, Processes, Layouts, Alone float64
	PerLayout, Rounds                int
}

// SpreadOf is r's Spread; false for a run that is not paired or has too
// few rounds to tell.
func SpreadOf(r *load.Run, p []OpPrecision) (Spread, bool) {
	if !r.Paired() || len(p) == 0 || p[len(p)-1].Op != AllOps {
		return Spread{}, false
	}
	rounds := map[string]int{} // of each layout, a block each
	for _, b := range r.Blocks {
		rounds[b.Layout]++
	}
	k := math.MaxInt // the fewest rounds of a layout
	for _, n := range rounds {
		k = min(k, n)
	}
	var pairs, processes, layouts []float64
	for c := range cells(r.Ops, r.FixturesOf(load.Fields), r.CodecNames) {
		if c.Harness() {
			continue
		}
		byBlock := map[int][]float64{} // a base's pairs are with the anchor's base, not UnitBaseNs
		for _, pr := range r.Pairs[c] {
			if pr.Unit == rawfmt.UnitBaseNs {
				byBlock[pr.Block] = append(byBlock[pr.Block], math.Log(pr.Own/pr.Partner))
			}
		}
		byLayout := map[string][]float64{} // the medians of each layout's processes
		for b, logs := range byBlock {
			l := r.Blocks[b].Layout
			byLayout[l] = append(byLayout[l], Median(logs))
			if len(logs) > 1 {
				pairs = append(pairs, stat.StdDev(logs, nil))
			}
		}
		var medians, ofLayouts []float64
		ss := 0.0 // the squares of the processes' medians about their layout's mean
		for _, m := range byLayout {
			slices.Sort(m) // the map's order would move the sums' last bits
			mean, sd := stat.MeanStdDev(m, nil)
			medians = append(medians, m...)
			ofLayouts = append(ofLayouts, mean)
			ss += sd * sd * float64(len(m)-1)
		}
		switch {
		case len(medians) < MinMedianSamples:
			continue
		case k < 2:
			slices.Sort(medians)
			processes = append(processes, stat.StdDev(medians, nil))
			continue
		}
		slices.Sort(ofLayouts)
		processes = append(processes, math.Sqrt(ss/float64(len(medians)-len(ofLayouts))))
		layouts = append(layouts, stat.StdDev(ofLayouts, nil))
	}
	all := p[len(p)-1]
	if len(pairs) == 0 || len(processes) == 0 || all.Median <= 0 || r.Rounds() == 0 {
		return Spread{}, false
	}
	s := Spread{Pairs: Median(pairs), Processes: Median(processes), Rounds: roundsFor(r.Rounds(), all.Median)}
	if len(layouts) > 0 {
		s.Layouts, s.PerLayout = Median(layouts), k
		s.Alone = s.Processes / math.Sqrt(float64(k))
	}
	return s, true
}

// roundsFor is the rounds that would narrow a median half-width of
// halfWidth in a run of rounds to TargetMedian, as the square root of
// their number narrows it.
func roundsFor(rounds int, halfWidth float64) int {
	return int(math.Ceil(float64(rounds)*math.Pow(halfWidth/TargetMedian, 2) - 1e-9))
}

// A Verdict is whether figures are precise enough for a page to rank them
// and state findings: the one rule of the machine pages, bench-doc's page
// and the HTTP page. Most figures need a 95% interval (a median, at least
// MinMedianSamples samples), and the median half-width (HalfWidth) of
// those must be within MaxSpread.
type Verdict struct {
	Cells     int     // figures with a finite interval
	Unbounded int     // figures without one
	Spread    float64 // the median half-width of those with one
}

// Ranks reports whether the figures may be ranked.
func (v Verdict) Ranks() bool { return v.Cells > v.Unbounded && v.Spread <= MaxSpread }

// Why says in one sentence why the figures may not be ranked; "" when they may.
func (v Verdict) Why() string {
	switch {
	case v.Cells <= v.Unbounded:
		return fmt.Sprintf("%d of %d figures have too few samples for a 95%% interval, which a median needs %d for.", v.Unbounded, v.Unbounded+v.Cells, MinMedianSamples)
	case v.Spread > MaxSpread:
		return fmt.Sprintf("The median 95%% interval of its %d figures is %s, wider than the %s within which a ranking means anything.", v.Cells, format.HalfWidth(100*v.Spread), format.HalfWidth(100*MaxSpread))
	}
	return ""
}
