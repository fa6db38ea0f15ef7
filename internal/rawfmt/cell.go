package rawfmt

import (
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// Benchmark is the benchmark function every cell runs under; ReadName is
// its name as benchfmt.Reader reports it.
const (
	Benchmark = "Benchmark" + ReadName
	ReadName  = "Codec"
)

// The name keys of a cell, and the benchproc projection they make.
const (
	KeyOp      = "op"
	KeyFixture = "fixture"
	KeyCodec   = "codec"
	Projection = "/" + KeyOp + ",/" + KeyFixture + ",/" + KeyCodec
)

// The operations, the one place their names are spelled (package codecs
// gives each its Go constant; see the doc comment of codecs.Op for the
// files an operation touches).
const (
	OpDecodeStruct = "decode-struct"
	OpDecodeMap    = "decode-map"
	OpDecodeProj   = "decode-proj"
	OpEncodeStruct = "encode-struct"
	OpEncodeMap    = "encode-map"
	OpRoundtrip    = "roundtrip"
	OpGet5         = "get5"
)

// FilteredSuffix ends the fixture name of an own document's filtered copy (make bench-doc).
const FilteredSuffix = "-filtered"

// The harness cells, which time the suite, not a codec, and Base, the
// configuration every comparison is made against.
const (
	Noop        = "noop"        // the op and codec of the cell timing the loop and one call through a function value
	NoopFixture = "fields-0001" // the noop cell's fixture
	Floor       = "floor"       // the codec of the least work an operation cannot avoid, without allocating
	AllocRef    = "memcpy"      // older runs' copy into a fresh buffer: an allocation reference, never a lower bound
	Base        = "encoding-json"
)

// Units of a cell's values. go test reports ns/op, MB/s, B/op and allocs/op;
// fields/op and doc-B/op, constant per fixture, are the sizes the cost model fits.
const (
	UnitNs       = "ns/op"
	UnitMBs      = "MB/s"
	UnitB        = "B/op"
	UnitAllocs   = "allocs/op"
	UnitFields   = "fields/op"
	UnitDocB     = "doc-B/op"
	UnitInstr    = "instructions/op" // counted under cachegrind: exact, see make bench-instr
	UnitInstrN   = "iterations"      // the iteration count an instruction figure came from
	AssumeExact  = "assume=exact"    // benchfmt unit metadata for counts that do not vary
	UnitMetadata = "Unit"            // the benchfmt unit metadata line keyword
)

// A Cell names one benchmark: an operation on a fixture with a codec.
type Cell struct {
	Op, Fixture, Codec string
}

// NoopCell is the harness's own cell.
var NoopCell = Cell{Op: Noop, Fixture: NoopFixture, Codec: Noop}

// Sub is the cell's name below Benchmark: op=…/fixture=…/codec=….
func (c Cell) Sub() string {
	return KeyOp + "=" + c.Op + "/" + KeyFixture + "=" + c.Fixture + "/" + KeyCodec + "=" + c.Codec
}

// Name is the cell's full benchmark name, without go test's -GOMAXPROCS suffix.
func (c Cell) Name() string { return Benchmark + "/" + c.Sub() }

// String returns c.Sub().
func (c Cell) String() string { return c.Sub() }

// Harness reports whether c is a harness cell.
func (c Cell) Harness() bool {
	return c.Op == Noop || c.Codec == Noop || c.Codec == Floor || c.Codec == AllocRef
}

// ParseCell returns the cell a benchmark result names, as go test prints it
// (BenchmarkCodec/op=…/fixture=…/codec=…-2) or benchfmt.Reader reads it
// (Codec/op=…), and false for another benchmark or a name missing a key.
func ParseCell(name benchfmt.Name) (Cell, bool) {
	keys, ok := NameKeys(name, Benchmark, ReadName)
	c := Cell{Op: keys[KeyOp], Fixture: keys[KeyFixture], Codec: keys[KeyCodec]}
	return c, ok && c.Op != "" && c.Fixture != "" && c.Codec != ""
}

// NameKeys returns the key=value parts of a benchmark name whose base is one of
// bases, and false for another benchmark.
func NameKeys(name benchfmt.Name, bases ...string) (map[string]string, bool) {
	base, parts := name.Parts()
	if !slices.Contains(bases, string(base)) {
		return nil, false
	}
	keys := make(map[string]string, len(parts))
	for _, p := range parts {
		if key, value, ok := strings.Cut(strings.TrimPrefix(string(p), "/"), "="); ok {
			keys[key] = value
		}
	}
	return keys, true
}
