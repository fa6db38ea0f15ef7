// Package load reads raw benchmark files for the report. Machines lists
// results/<machine-id>/raw/ and what it holds; Load parses one file
// (benchfmt for the results, rawfmt.ParseCell for their cells) into a Run of
// samples per cell and unit, refusing a file that is not a whole run;
// ReadHTTP reads an HTTP benchmark's. Data flows on to package model and
// package render.
package load

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A Config is one file configuration line of a raw file.
type Config struct{ Key, Value string }

// Samples holds every value of one cell, per unit, in file order.
type Samples map[string][]float64

// A Size is a fixture's fields/op and doc-B/op, where its cells report them.
type Size struct {
	Fields, DocBytes       float64
	HasFields, HasDocBytes bool
}

// A Run is one raw file grouped into cells.
type Run struct {
	Raw    Raw
	Config []Config             // the file configuration, in file order
	Codecs []rawfmt.CodecConfig // the codec configuration lines, in file order

	// The names, in report order; CodecNames leaves out the harness cells,
	// whose presence Floor, AllocRef and Noop (zero when none) record.
	Ops, Fixtures, CodecNames []string
	Floor, AllocRef           bool
	Noop                      rawfmt.Cell

	Sizes map[string]Size // per fixture

	Instr *Run // the run of Raw.Instr, when Raw names one

	// An upgrade run (make bench-upgrade) holds no cells of its own: Builds are its results by the build line
	// ahead of them (rawfmt.KeyBuild), in the order the file first names them, each a Run with its Build.
	Builds []*Run
	Build  string

	// What was wrong with the file, for the report to state.
	SyntaxErrors []string // every unparsable line
	BadConfig    []string // malformed codec configuration lines
	Changed      []string // configuration that varies between results
	Unnamed      int      // results that do not name a cell

	// A run of the paired meter (Meter is rawfmt.MeterPaired) has, per cell,
	// its pairs of slices, each from one process: a Block, the round and
	// link layout of its binary; and the collections its GC harness timed,
	// by heap (rawfmt.HeapBench, or a size such as 64MiB).
	Meter  string
	Anchor string
	Pairs  map[rawfmt.Cell][]Pair
	Blocks []Block
	GC     map[string][]Cycle

	// Memo holds what package model computes from the run once, for as
	// long as the run lives.
	Memo any

	cells      map[rawfmt.Cell]Samples
	lastBlock  int               // the index in Blocks of the last result's
	file       *Run              // the run of the whole raw file, for a build's run; nil for that run
	tables     map[string]*table // per op, read by the first Table of the file's runs
	tablesOnce sync.Once
	tablesErr  error
	units      benchfmt.UnitMetadataMap
}

// A Pair is one result line of the paired meter: the ns/op of the cell's
// slice and of its partner's, in Unit, timed in Block.
type Pair struct {
	Own, Partner float64
	Unit         string
	Block        int
}

// A Block is one process of a paired run: a round on one link layout.
type Block struct{ Layout, Round string }

// A Cycle is one timed collection of the GC harness.
type Cycle struct {
	Ns, Live float64
	Block    int
}

// Paired reports whether the run was made by the paired meter.
func (r *Run) Paired() bool { return r.Meter == rawfmt.MeterPaired }

// TableUnits are the units of the benchstat tables.
var TableUnits = []string{rawfmt.UnitNs, rawfmt.UnitB, rawfmt.UnitAllocs}

// Samples returns the values of a cell in a unit, or nil.
func (r *Run) Samples(c rawfmt.Cell, unit string) []float64 { return r.cells[c][unit] }

// Ns returns the ns/op values of op on fixture with codec.
func (r *Run) Ns(op, fixture, codec string) []float64 {
	return r.cells[rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}][rawfmt.UnitNs]
}

// Has reports whether the run has any ns/op value of op with codec.
func (r *Run) Has(op, codec string) bool {
	return slices.ContainsFunc(r.Fixtures, func(f string) bool { return len(r.Ns(op, f, codec)) > 0 })
}

// Columns are the codecs, then the harness columns, with cells of op.
func (r *Run) Columns(op string) []string {
	return slices.DeleteFunc(slices.Concat(r.CodecNames, r.HarnessColumns()), func(c string) bool { return !r.Has(op, c) })
}

// HarnessColumns are the floor and the allocation reference, where present.
func (r *Run) HarnessColumns() []string {
	present := map[string]bool{rawfmt.Floor: r.Floor, rawfmt.AllocRef: r.AllocRef}
	return slices.DeleteFunc([]string{rawfmt.Floor, rawfmt.AllocRef}, func(c string) bool { return !present[c] })
}

// Exact reports whether the file declares unit assume=exact.
func (r *Run) Exact(unit string) bool {
	return r.units.GetAssumption(unit) == benchmath.AssumeExact
}

// Table returns op's results as benchstat reads them: benchfmt text, in
// file order, each line with its values in TableUnits alone; nil without
// any. The first call of a file's runs reads the file again.
func (r *Run) Table(op string) ([]byte, error) {
	f := cmp.Or(r.file, r)
	f.tablesOnce.Do(func() { f.tablesErr = f.readTables() })
	if t := r.tables[op]; t != nil && f.tablesErr == nil {
		return t.text.Bytes(), nil
	}
	return nil, f.tablesErr
}

// Value returns the value of a configuration key.
func (r *Run) Value(key string) (string, bool) {
	i := slices.IndexFunc(r.Config, func(c Config) bool { return c.Key == key })
	if i < 0 {
		return "", false
	}
	return r.Config[i].Value, true
}

// Codec returns the configuration line of a codec.
func (r *Run) Codec(name string) (rawfmt.CodecConfig, bool) {
	i := slices.IndexFunc(r.Codecs, func(c rawfmt.CodecConfig) bool { return c.Name == name })
	if i < 0 {
		return rawfmt.CodecConfig{}, false
	}
	return r.Codecs[i], true
}

// FixturesOf lists the run's fixtures of the given families, in report order.
func (r *Run) FixturesOf(fams ...Family) []string {
	return slices.DeleteFunc(slices.Clone(r.Fixtures), func(f string) bool {
		return !slices.ContainsFunc(fams, func(fam Family) bool { return fam.Has(f) })
	})
}

// Rounds is the run's rounds line, or else the most ns/op values of any
// cell but the noop cell.
func (r *Run) Rounds() int {
	if n, ok := r.count(rawfmt.KeyRounds); ok {
		return n
	}
	n := 0
	for c, s := range r.cells {
		if !isNoop(c) {
			n = max(n, len(s[rawfmt.UnitNs]))
		}
	}
	return n
}

// FieldsPasses is the samples a round took of each fields-* cell (default 1).
func (r *Run) FieldsPasses() int {
	if n, ok := r.count(rawfmt.KeyFieldsPasses); ok {
		return n
	}
	return 1
}

// count is the positive count of a configuration key; false without one.
func (r *Run) count(key string) (int, bool) {
	v, _ := r.Value(key) // "" is no number
	n, err := strconv.Atoi(v)
	return n, err == nil && n > 0
}

// measure sets Sizes to the median over each fixture's cells.
func (r *Run) measure() {
	r.Sizes = map[string]Size{}
	for _, f := range r.Fixtures {
		var fields, docB []float64
		for c, s := range r.cells {
			if c.Fixture == f && !isNoop(c) {
				fields, docB = append(fields, s[rawfmt.UnitFields]...), append(docB, s[rawfmt.UnitDocB]...)
			}
		}
		r.Sizes[f] = Size{median(fields), median(docB), len(fields) > 0, len(docB) > 0}
	}
}

func isNoop(c rawfmt.Cell) bool { return c.Op == rawfmt.Noop || c.Codec == rawfmt.Noop }

// median is the median of vals, 0 when there are none.
func median(vals []float64) float64 {
	if len(vals) == 0 {
		return 0
	}
	s := benchmath.NewSample(slices.Clone(vals), &benchmath.DefaultThresholds)
	return benchmath.AssumeNothing.Summary(s, 0.95).Center
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
