// Package harness is the benchmark side of make bench-doc: the generated
// test package of a user's document (see package tempmod) calls Main and
// Bench with a Spec holding the document, its Go types and the fields its
// client uses.
//
// Data flows from the Spec to cells: every registered configuration ×
// every operation it supports, on the document (decode-struct, decode-map,
// decode-proj, encode-struct, roundtrip, get5) and on the document
// filtered to the fields (decode-struct). First the projected type and
// every filtered sample are held to the fields (fields.CheckType and
// CheckFiltered): one that has a path FIELDS does not name, or lacks one
// it does, stops the binary before any cell. Each cell holds one gate input
// per sample (codecs.NewInput), so reference outputs are computed once per
// sample and shared by every configuration. With -doc.gate, Main checks
// every cell on every sample with codecs.Check and prints one JSON line
// per cell; otherwise BenchmarkCodec times the cells the runner did not
// exclude, in the order of -doc.seed and -doc.round, each iteration
// handling the next sample in turn, so ns/op is the mean cost of one
// document.
package harness

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/doc/fields"
	"github.com/jsoncost/jsoncost/internal/jsonvalue"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A Spec is a user's document as its generated benchmark holds it.
type Spec struct {
	Name     string     // the fixture name of the document in cell names
	Fields   string     // the FIELDS list; "" for none
	Samples  []byte     // the samples, compact, one a line
	New      func() any // a fresh pointer to the document's type
	NewProj  func() any // a fresh pointer to the projected type; nil without fields
	Easyjson bool       // whether easyjson code was generated for the types
}

// FilteredSuffix ends the fixture name of the filtered document.
const FilteredSuffix = "-filtered"

// The flags the runner passes the benchmark binary.
var (
	gateFlag  = flag.Bool("doc.gate", false, "check every cell with the correctness gate, print one JSON line per cell, and exit")
	skipFlag  = flag.String("doc.skip", "", "comma-separated cells (op=…/fixture=…/codec=…) not to time")
	seedFlag  = flag.Uint64("doc.seed", 0, "when non-zero, shuffle the order of cells with this seed")
	roundFlag = flag.Int("doc.round", 1, "the round this run is, which picks its permutation of the seed")
)

// A GateResult is the line -doc.gate prints for one cell.
type GateResult struct {
	Cell  string `json:"cell"`            // rawfmt.Cell.Sub()
	Error string `json:"error,omitempty"` // the first failure, with the sample it was on
}

// Main runs the gate when -doc.gate is set, the tests and benchmarks
// otherwise. Ahead of benchmark results it prints, as configuration lines,
// sonic's engine and whether the race detector is on.
func Main(m *testing.M, s *Spec) {
	flag.Parse()
	if !*gateFlag {
		if flag.Lookup("test.bench").Value.String() != "" {
			if sonic, err := codecs.Lookup("sonic-std"); err == nil {
				fmt.Printf("%s: %s\n", rawfmt.KeySonicEngine, sonic.EngineName())
			}
			fmt.Printf("%s: %t\n", rawfmt.KeyRace, codecs.RaceEnabled)
		}
		os.Exit(m.Run())
	}
	cells, err := s.cells()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	for _, c := range cells {
		r := GateResult{Cell: c.name.Sub()}
		if err := c.gate(); err != nil {
			r.Error = err.Error()
		}
		if err := enc.Encode(r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	os.Exit(0)
}

// A cell is one benchmark with its inputs, one per sample it runs on.
type cell struct {
	name   rawfmt.Cell
	codec  *codecs.Codec
	op     codecs.Op
	inputs []codecs.Input
	fields float64 // the mean number of scalar values of its inputs
	bytes  float64 // their mean size
}

// gate checks the cell on every input.
func (c *cell) gate() error {
	for i, in := range c.inputs {
		if err := codecs.Check(c.codec, c.op, in); err != nil {
			return fmt.Errorf("sample %d: %w", i+1, err)
		}
	}
	return nil
}

// inputs are a document's gate inputs, per sample.
type inputs struct {
	full, filtered, located []codecs.Input // located: the samples where get5 finds a field
}

// prepare builds the inputs of s's samples, after checking that the
// projected type and each filtered sample hold exactly the fields.
func (s *Spec) prepare() (inputs, error) {
	var in inputs
	set, err := fields.Parse(s.Fields)
	if err != nil {
		return in, err
	}
	if set != nil && s.NewProj != nil {
		if err := set.CheckType(reflect.TypeOf(s.New()), reflect.TypeOf(s.NewProj())); err != nil {
			return in, fmt.Errorf("FIELDS check: %w", err)
		}
	}
	for i, sample := range strings.Split(strings.TrimSuffix(string(s.Samples), "\n"), "\n") {
		doc := []byte(sample)
		if set == nil {
			in.full = append(in.full, codecs.NewInput(doc, s.New, nil, nil))
			continue
		}
		paths, err := set.Locate(doc)
		if err != nil {
			return in, fmt.Errorf("sample %d: %w", i+1, err)
		}
		filtered, err := set.Filter(doc)
		if err != nil {
			return in, fmt.Errorf("sample %d: %w", i+1, err)
		}
		if err := set.CheckFiltered(doc, filtered); err != nil {
			return in, fmt.Errorf("FIELDS check: sample %d: %w", i+1, err)
		}
		full := codecs.NewInput(doc, s.New, s.NewProj, paths)
		in.full = append(in.full, full)
		in.filtered = append(in.filtered, codecs.NewInput(filtered, s.NewProj, nil, nil))
		if len(paths) > 0 {
			in.located = append(in.located, full)
		}
	}
	return in, nil
}

// Ops are the operations on the document, in report order.
var Ops = []codecs.Op{codecs.DecodeStruct, codecs.DecodeMap, codecs.DecodeProj, codecs.EncodeStruct, codecs.Roundtrip, codecs.Get5}

// cells returns every cell of s, in op, fixture, codec order: each
// configuration that supports the operation (easyjson only with generated
// code); the projection's operations and the filtered document only with
// fields.
func (s *Spec) cells() ([]*cell, error) {
	in, err := s.prepare()
	if err != nil {
		return nil, err
	}
	var cells []*cell
	add := func(op codecs.Op, fixture string, ins []codecs.Input) error {
		if len(ins) == 0 {
			return nil
		}
		f, b, err := sizes(ins)
		if err != nil {
			return err
		}
		for _, c := range codecs.All() {
			if !c.Supports(op) || c.Category == codecs.Codegen && !s.Easyjson {
				continue
			}
			name := rawfmt.Cell{Op: string(op), Fixture: fixture, Codec: c.Name}
			cells = append(cells, &cell{name: name, codec: c, op: op, inputs: ins, fields: f, bytes: b})
		}
		return nil
	}
	for _, op := range Ops {
		ins := in.full
		switch {
		case op == codecs.Get5:
			ins = in.located
		case op == codecs.DecodeProj && s.NewProj == nil:
			ins = nil
		}
		if err := add(op, s.Name, ins); err != nil {
			return nil, err
		}
		if op == codecs.DecodeStruct {
			if err := add(op, s.Name+FilteredSuffix, in.filtered); err != nil {
				return nil, err
			}
		}
	}
	return cells, nil
}

// sizes returns the mean number of scalar values and the mean size of the
// documents of ins.
func sizes(ins []codecs.Input) (fields, bytes float64, err error) {
	for _, in := range ins {
		v, err := jsonvalue.Decode(in.Doc)
		if err != nil {
			return 0, 0, err
		}
		fields += float64(leaves(v))
		bytes += float64(len(in.Doc))
	}
	n := float64(len(ins))
	return fields / n, bytes / n, nil
}

// leaves counts the scalar values, null included, of a decoded document.
func leaves(v any) int {
	n := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			n += leaves(e)
		}
	case []any:
		for _, e := range v {
			n += leaves(e)
		}
	default:
		n = 1
	}
	return n
}
