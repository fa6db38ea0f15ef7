package rawfmt

import (
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// Benchmark is the name of the benchmark function every cell runs under;
// ReadName is the same name as benchfmt.Reader reports it, without go
// test's "Benchmark" prefix.
const (
	Benchmark = "Benchmark" + ReadName
	ReadName  = "Codec"
)

// The name keys of a cell, as benchproc projects them ("/op,/fixture,/codec").
const (
	KeyOp      = "op"
	KeyFixture = "fixture"
	KeyCodec   = "codec"
)

// Projection is the benchproc projection that names a cell.
const Projection = "/" + KeyOp + ",/" + KeyFixture + ",/" + KeyCodec

// The harness cells: they time the suite, not a codec.
const (
	// Noop is the op and codec name of the cell that times the loop and one
	// call through a function value, on the fixture NoopFixture.
	Noop        = "noop"
	NoopFixture = "fields-0001"
	// Floor is the codec name of the cells that do the least work an
	// operation cannot avoid, without allocating: a read-only pass over the
	// input, or a copy of the compact output into one reused buffer.
	Floor = "floor"
	// AllocRef is the codec name of the copying cells of runs made before
	// the floor: each call copied into a fresh buffer, measuring the
	// allocator and collector too, so a page shows them as an allocation
	// reference, never as a lower bound.
	AllocRef = "memcpy"
)

// Base is the configuration every comparison is made against.
const Base = "encoding-json"

// A Cell names one benchmark: an operation on a fixture with a codec.
type Cell struct {
	Op, Fixture, Codec string
}

// Sub is the cell's name below Benchmark: op=…/fixture=…/codec=….
func (c Cell) Sub() string {
	return KeyOp + "=" + c.Op + "/" + KeyFixture + "=" + c.Fixture + "/" + KeyCodec + "=" + c.Codec
}

// Name is the cell's full benchmark name, without go test's -GOMAXPROCS suffix.
func (c Cell) Name() string { return Benchmark + "/" + c.Sub() }

// String returns c.Sub().
func (c Cell) String() string { return c.Sub() }

// Harness reports whether c is a harness cell (noop, the floor, or an old
// run's allocation reference).
func (c Cell) Harness() bool {
	return c.Op == Noop || c.Codec == Noop || c.Codec == Floor || c.Codec == AllocRef
}

// NoopCell is the harness's own cell.
var NoopCell = Cell{Op: Noop, Fixture: NoopFixture, Codec: Noop}

// ParseLine returns the result on one line of go test's output when it is
// a cell's, or nil for any other line. r is reused from line to line.
func ParseLine(r *benchfmt.Reader, line string) *benchfmt.Result {
	if !strings.HasPrefix(line, Benchmark) {
		return nil
	}
	r.Reset(strings.NewReader(line), "")
	if !r.Scan() {
		return nil
	}
	res, _ := r.Result().(*benchfmt.Result)
	return res
}

// ParseCell returns the cell a benchmark result names, such as
// BenchmarkCodec/op=decode-map/fixture=fields-0050/codec=sonic-std-2 (as go
// test prints it) or Codec/op=… (as benchfmt.Reader reads it). It reports
// false for any other benchmark or a name missing a key.
func ParseCell(name benchfmt.Name) (Cell, bool) {
	keys, ok := NameKeys(name, Benchmark, ReadName)
	c := Cell{Op: keys[KeyOp], Fixture: keys[KeyFixture], Codec: keys[KeyCodec]}
	return c, ok && c.Op != "" && c.Fixture != "" && c.Codec != ""
}

// NameKeys returns the key=value parts of a benchmark name whose base is
// one of bases, and false for a name of any other benchmark.
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
