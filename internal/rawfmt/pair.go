package rawfmt

import (
	"strings"

	"golang.org/x/perf/benchfmt"
)

// The paired meter (make bench and its kin since the meter line says
// MeterPaired) writes one result line per pair of slices: the cell's own
// slice as ns/op, B/op and allocs/op, and the slice it was paired with in
// the unit Partner names. A cell's partner is the base of its operation on
// the same document (UnitBaseNs), and the base's own partner is the base
// on the run's anchor document (UnitAnchorNs): so every ratio within a
// document, and every document against the anchor, rests on slices timed
// a millisecond apart. Each process of the run writes its round and the
// link layout of its binary as configuration lines ahead of its results.
const (
	KeyMeter   = "meter"   // MeterPaired; older runs have no meter line
	KeySlice   = "slice"   // the time a slice aims at
	KeyPairs   = "pairs"   // the most pairs of one cell a round times
	KeyAnchor  = "anchor"  // the document every base is paired against
	KeyLayout  = "layout"  // the -randlayout seed of the binary of the results that follow
	KeyRound   = "round"   // the round (one process) of the results that follow
	KeyLayouts = "layouts" // every layout seed of the run
	KeyGCHeap  = "gc-heap" // the live heap the GC cost is measured at
	// KeyGCThread is GCUnlocked where the binary timed its collections with
	// its goroutine unlocked from its thread; older paired runs timed them
	// locked, which overstates them (the package jsoncost's collectGarbage).
	KeyGCThread = "gc-thread"
	// KeyNeighbour says whether the results that follow ran beside a busy
	// neighbour ("on") or not ("off"), in a noise run (make bench-noise).
	KeyNeighbour = "neighbour"

	MeterPaired = "paired-slices"
	GCUnlocked  = "unlocked"

	UnitBaseNs   = "base-ns/op"   // the base's slice paired with the cell's
	UnitAnchorNs = "anchor-ns/op" // the anchor's slice paired with a base's
	// the same cell's slice in the first build of an upgrade run, paired with a later build's
	UnitFirstBuildNs = "first-build-ns/op"
)

// Anchor is the document of the matrix every base is paired against: the seed's 50 fields.
const Anchor = "fields-0050"

// V2Base is the base of get5, which encoding/json does not run: the
// standard library's encoding/json/v2 with encoding/json/jsontext.
const V2Base = "json-v2"

// BaseOf is the configuration op's ratios are against.
func BaseOf(op string) string {
	if op == OpGet5 {
		return V2Base
	}
	return Base
}

// Partner is the cell c is paired with, and the unit its time takes on
// c's lines, in a run whose anchor document is anchor.
func Partner(c Cell, anchor string) (Cell, string) {
	switch base := BaseOf(c.Op); {
	case c.Op == Noop:
		return Cell{Op: OpDecodeStruct, Fixture: anchor, Codec: Base}, UnitAnchorNs
	case c.Codec == base:
		return Cell{Op: c.Op, Fixture: anchor, Codec: base}, UnitAnchorNs
	default:
		return Cell{Op: c.Op, Fixture: c.Fixture, Codec: base}, UnitBaseNs
	}
}

// The GC harness: BenchmarkGC/heap=<size> lines give the process CPU time of
// one forced collection (UnitCycleNs) with the live heap after it
// (UnitLive): HeapBench names the measuring binary's own small heap, timed
// before every slice, and a size such as 64MiB a heap of decoded documents
// made for the purpose. At GOGC=100 a collection comes every live-heap's
// worth of allocation, so each byte a cell allocates costs a cycle's time
// over the live heap.
const (
	GCBenchmark = "BenchmarkGC"
	KeyHeap     = "heap"
	HeapBench   = "bench"
	UnitCycleNs = "ns/cycle"
	UnitLive    = "live-B"
)

// GCName is the benchmark name of the collections of heap.
func GCName(heap string) string { return GCBenchmark + "/" + KeyHeap + "=" + heap }

// ParseGC returns the heap of a BenchmarkGC result's name.
func ParseGC(name benchfmt.Name) (string, bool) {
	keys, ok := NameKeys(name, GCBenchmark, strings.TrimPrefix(GCBenchmark, "Benchmark"))
	return keys[KeyHeap], ok && keys[KeyHeap] != ""
}

// ParseSub reads a cell's Sub name, op=…/fixture=…/codec=….
func ParseSub(sub string) (Cell, bool) { return ParseCell(benchfmt.Name(Benchmark + "/" + sub)) }
