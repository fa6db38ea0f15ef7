package model

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// In a paired run (rawfmt.MeterPaired) a cell's ns/op is its ratio to its
// partner times the partner's ns/op: the median of the per-pair log-ratios,
// exponentiated. A codec's partner is its operation's base on the same
// document; a base's is the base on the anchor document, whose own ns/op,
// the one absolute figure of each operation, is the median of every slice
// of it the run timed. So every ratio within a document rests on slices a
// millisecond apart, and so does every document against the anchor; only
// the scale of an operation depends on how fast the machine ran.
//
// A replicate resamples the run's processes in two levels: its link
// layouts, with replacement, then the rounds of each drawn layout, with
// replacement. Every pair weighs as often as its process was drawn, so a
// layout's bias widens the interval rather than hiding in the estimate.

// paired is c's ns/op in a paired run.
func (rs *runSamples) paired(c rawfmt.Cell) Sample {
	pairs := slices.DeleteFunc(slices.Clone(rs.run.Pairs[c]), func(p load.Pair) bool { return p.Unit == rawfmt.UnitFirstBuildNs })
	if len(pairs) == 0 {
		return Sample{}
	}
	pc, _ := rawfmt.Partner(c, rs.run.Anchor)
	unit := rawfmt.UnitNs
	if pairs[len(pairs)-1].Unit == rawfmt.UnitAnchorNs {
		unit = rawfmt.UnitAnchorNs // the anchor's own figure (anchor)
	}
	partner := rs.get(pc, unit)
	if !partner.Known() {
		return Sample{}
	}
	return combine(rs.median(logRatios(pairs)), partner, func(l, p float64) float64 { return math.Exp(l) * p })
}

// logRatios are the logs of pairs' ratios, each of its pair's block.
func logRatios(pairs []load.Pair) []weighted {
	logs := make([]weighted, len(pairs))
	for i, p := range pairs {
		logs[i] = weighted{math.Log(p.Own / p.Partner), p.Block}
	}
	return logs
}

// anchor is the ns/op of the anchor cell a: the median of every slice of it,
// those of its own lines and those its partners' lines give. It is a's
// Sample in rawfmt.UnitAnchorNs.
func (rs *runSamples) anchor(a rawfmt.Cell) Sample {
	r := rs.run
	var vals []weighted
	for c, pairs := range r.Pairs {
		pc, unit := rawfmt.Partner(c, r.Anchor)
		for _, p := range pairs {
			if p.Unit == unit && unit == rawfmt.UnitAnchorNs && pc == a {
				vals = append(vals, weighted{p.Partner, p.Block})
			}
			if c == a && p.Unit == rawfmt.UnitAnchorNs {
				vals = append(vals, weighted{p.Own, p.Block})
			}
		}
	}
	return rs.median(vals)
}

// FirstBuildRatio is c's ns/op in the build of r, one build of an upgrade
// run, over its ns/op in the run's first build, from the pairs that timed
// the two builds side by side; not Known where there are none.
func FirstBuildRatio(r *load.Run, c rawfmt.Cell) Sample {
	rs := samplesOf(r)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	pairs := slices.DeleteFunc(slices.Clone(r.Pairs[c]), func(p load.Pair) bool { return p.Unit != rawfmt.UnitFirstBuildNs })
	return rs.median(logRatios(pairs)).scale(math.Exp)
}

// A weighted value is one of a process, or of a block of its own (values):
// a replicate weighs it as often as it drew the block.
type weighted struct {
	v     float64
	block int
}

// median is the median of vals, and its replicates' weighted medians.
func (rs *runSamples) median(vals []weighted) Sample {
	if len(vals) == 0 {
		return Sample{}
	}
	slices.SortFunc(vals, func(a, b weighted) int { return cmp.Compare(a.v, b.v) })
	n := len(vals)
	s := Sample{N: n, Point: vals[n/2].v}
	if n%2 == 0 {
		s.Point = (vals[n/2-1].v + vals[n/2].v) / 2
	}
	weights := rs.blockWeights()
	if n < MinBootstrapSamples || weights == nil {
		return s
	}
	perBlock := make([]int, len(weights[0])) // how many of vals each block holds
	blocks := make([]int32, n)               // the block of each of vals, in their order
	for i, x := range vals {
		perBlock[x.block]++
		blocks[i] = int32(x.block)
	}
	s.Reps = make([]float64, len(weights))
	for i, w := range weights {
		total := 0
		for b, n := range perBlock {
			total += n * int(w[b])
		}
		s.Reps[i] = weightedMedian(vals, blocks, w, total)
	}
	return s
}

// weightedMedian is the median of sorted vals, the ith of block blocks[i]
// and weighing w[blocks[i]], whose weights sum to total: the value at which
// half the weight lies below. The weights are counts, so the sums are exact.
func weightedMedian(sorted []weighted, blocks []int32, w []int32, total int) float64 {
	if total == 0 {
		return math.NaN()
	}
	acc, i := 0, 0
	// Four at a time while the four cannot reach half, then one by one.
	for ; i+4 <= len(blocks); i += 4 {
		four := 2 * (int(w[blocks[i]]) + int(w[blocks[i+1]]) + int(w[blocks[i+2]]) + int(w[blocks[i+3]]))
		if acc+four >= total {
			break
		}
		acc += four
	}
	for ; i < len(blocks); i++ {
		acc += 2 * int(w[blocks[i]])
		if acc > total {
			return sorted[i].v
		}
		if acc == total { // an even split: between this value and the next weighed one
			for j, b := range blocks[i+1:] {
				if w[b] > 0 {
					return (sorted[i].v + sorted[i+1+j].v) / 2
				}
			}
			return sorted[i].v
		}
	}
	return sorted[len(sorted)-1].v
}

// blockWeights are the weights of the run's blocks in each replicate: the
// run's layouts drawn with replacement, then each drawn layout's rounds.
// They depend only on the set of blocks, so the builds of an upgrade run,
// whose processes share rounds and layouts, draw alike.
func (rs *runSamples) blockWeights() [][]int32 {
	if rs.weights != nil || !rs.run.Paired() {
		return rs.weights
	}
	blocks := rs.run.Blocks
	var layouts []string
	rounds := map[string][]int{} // block indices by layout
	for i, b := range blocks {
		if _, ok := rounds[b.Layout]; !ok {
			layouts = append(layouts, b.Layout)
		}
		rounds[b.Layout] = append(rounds[b.Layout], i)
	}
	slices.Sort(layouts)
	for _, l := range layouts {
		slices.SortFunc(rounds[l], func(a, b int) int { return cmp.Compare(blocks[a].Round, blocks[b].Round) })
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rs.weights = make([][]int32, BootstrapReps)
	for j := range rs.weights {
		w := make([]int32, len(blocks))
		for range layouts {
			in := rounds[layouts[rng.IntN(len(layouts))]]
			for range in {
				w[in[rng.IntN(len(in))]]++
			}
		}
		rs.weights[j] = w
	}
	return rs.weights
}

// The paired meter times codecs with GC off and charges collection on its
// own axis. At GOGC=100 the runtime collects once for every live heap's
// worth of allocation, and a collection's CPU time grows with the live
// heap it marks, so each byte a cell allocates costs about a cycle's time
// over the live heap: B/op × PerByte. The run times forced collections of
// a heap of decoded documents (rawfmt.KeyGCHeap, 64 MiB by default), as
// a service holding its data would have, and of the measuring binary's own
// small heap before every slice, as a benchmark run by go test has.

// A GCCost is the CPU time collection costs per allocated byte at one live heap.
type GCCost struct {
	Heap    string  // the heap's name in the raw file: rawfmt.HeapBench or a size such as 64MiB
	Live    float64 // the live heap, bytes (median)
	Cycle   Sample  // ns of CPU per collection
	PerByte Sample  // ns of CPU per allocated byte
}

// minHeap is the runtime's smallest heap goal at GOGC=100: a heap smaller
// than half of it is collected every minHeap − live bytes, not every live.
const minHeap = 4 << 20

// GCOf is r's GC cost at heap; ok is false when the run timed none.
func GCOf(r *load.Run, heap string) (GCCost, bool) {
	cycles := r.GC[heap]
	if len(cycles) == 0 || !r.Paired() {
		return GCCost{Heap: heap}, false
	}
	rs := samplesOf(r)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	var ns, per, live []weighted
	for _, c := range cycles {
		if c.Live <= 0 {
			continue
		}
		every := math.Max(c.Live, minHeap-c.Live)
		ns = append(ns, weighted{c.Ns, c.Block})
		per = append(per, weighted{c.Ns / every, c.Block})
		live = append(live, weighted{c.Live, c.Block})
	}
	if len(ns) == 0 {
		return GCCost{Heap: heap}, false
	}
	return GCCost{Heap: heap, Live: rs.median(live).Point, Cycle: rs.median(ns), PerByte: rs.median(per)}, true
}

// ServiceHeap is the heap the pages charge collection at: the one the run
// names in its gc-heap line.
func ServiceHeap(r *load.Run) string {
	h, _ := r.Value(rawfmt.KeyGCHeap)
	return h
}

// WithGC is a cell's ns/op plus the collection its allocation causes at g: B/op × g.PerByte.
func WithGC(r *load.Run, c rawfmt.Cell, g GCCost) Sample {
	ns := Of(r, c, rawfmt.UnitNs)
	b := Of(r, c, rawfmt.UnitB)
	if !ns.Known() || !b.Known() || !g.PerByte.Known() {
		return Sample{}
	}
	bytes := b.Point // allocation per operation is a count: exact within a run
	return combine(ns, g.PerByte, func(ns, perByte float64) float64 { return ns + bytes*perByte })
}

// Charged is what one operation of cell c costs a service that runs it: its ns/op plus the collection
// its allocation causes at the run's service heap (WithGC at GCOf(r, ServiceHeap(r))), with gc true.
// A run that timed no collection (one of the older meter) gives its ns/op alone, with gc false: a
// saving computed from it leaves out the GC that the cheaper option no longer causes.
func Charged(r *load.Run, c rawfmt.Cell) (s Sample, gc bool) {
	g, _ := GCOf(r, ServiceHeap(r)) // without, g.PerByte is not Known, nor is WithGC
	if s := WithGC(r, c, g); s.Known() {
		return s, true
	}
	return Of(r, c, rawfmt.UnitNs), false
}
