package model

import (
	"math"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

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
	ns := Of(r, c, rawfmt.UnitNs)
	g, ok := GCOf(r, ServiceHeap(r))
	if !ok {
		return ns, false
	}
	if s := WithGC(r, c, g); s.Known() {
		return s, true
	}
	return ns, false
}
