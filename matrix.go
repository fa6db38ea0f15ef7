// Package jsoncost is the benchmark matrix: every registered codec
// configuration × every fixture × every operation it supports.
//
// Data flows one way: fixtures (package fixtures) become codec inputs, each
// cell passes the correctness gate (codecs.Check) before it is timed by
// BenchmarkCodec, the runner (scripts/bench) records the raw benchfmt output
// of interleaved rounds, and the report (scripts/report) reads only that.
package jsoncost

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
)

// A Cell is one benchmark: an operation on a fixture with a codec. Its
// name is the sub-benchmark path op=…/fixture=…/codec=….
type Cell struct {
	Op      codecs.Op
	Fixture *fixtures.Fixture
	Codec   *codecs.Codec
}

func (c Cell) String() string {
	return fmt.Sprintf("op=%s/fixture=%s/codec=%s", c.Op, c.Fixture.Name, c.Codec.Name)
}

// A Skip is a combination the matrix does not emit, and why.
type Skip struct {
	Cell
	Reason string
}

// Selection names the parts of the matrix to run: comma-separated names or
// anchored regular expressions per dimension; "" selects everything.
type Selection struct {
	Codecs, Ops, Fixtures string
}

// QuickSelection is the small subset of make bench-quick.
var QuickSelection = Selection{
	Ops:      "decode-map,decode-struct,encode-struct",
	Fixtures: "fields-0005,fields-0050,fields-0500,es-hits-10-full,es-hits-10-source5",
}

// Matrix returns the cells s selects, in op, fixture, codec order, and the
// selected combinations it leaves out with the reason. An unknown name in
// any dimension is an error listing the valid ones.
func Matrix(s Selection) (cells []Cell, skipped []Skip, err error) {
	cs, err := codecs.Select(s.Codecs)
	if err != nil {
		return nil, nil, err
	}
	var opNames []string
	for _, op := range codecs.Ops {
		opNames = append(opNames, string(op))
	}
	ops, err := pick("operation", s.Ops, opNames)
	if err != nil {
		return nil, nil, err
	}
	fs, err := pick("fixture", s.Fixtures, fixtures.Names())
	if err != nil {
		return nil, nil, err
	}
	for _, op := range ops {
		for _, fname := range fs {
			f, err := fixtures.Lookup(fname)
			if err != nil {
				return nil, nil, err
			}
			for _, c := range cs {
				cell := Cell{codecs.Op(op), f, c}
				if reason := unsupported(cell); reason != "" {
					skipped = append(skipped, Skip{cell, reason})
					continue
				}
				cells = append(cells, cell)
			}
		}
	}
	return cells, skipped, nil
}

func pick(kind, spec string, valid []string) ([]string, error) {
	if spec == "" {
		return valid, nil
	}
	return codecs.Match(kind, spec, valid)
}

// unsupported says why a cell cannot run, or "" when it can.
func unsupported(c Cell) string {
	switch {
	case !c.Codec.Supports(c.Op):
		return fmt.Sprintf("%s does not implement %s", c.Codec.Name, c.Op)
	case c.Op == codecs.DecodeProj && c.Fixture.NewProj == nil:
		return fmt.Sprintf("%s has no projected type", c.Fixture.Name)
	case c.Op == codecs.Get5 && c.Fixture.Get5 == nil:
		return fmt.Sprintf("%s has no get5 paths", c.Fixture.Name)
	}
	if _, err := c.Fixture.Data(); err != nil {
		return err.Error()
	}
	return ""
}

// Input returns what the gate and the benchmark feed a codec for f.
func Input(f *fixtures.Fixture) (codecs.Input, error) {
	doc, err := f.Data()
	if err != nil {
		return codecs.Input{}, err
	}
	return codecs.Input{Doc: doc, New: f.New, NewProj: f.NewProj, Paths: f.Get5}, nil
}

// Prepare checks the cell with the correctness gate and returns its timed
// loop. Everything an iteration needs is built here, before timing: the
// input bytes, the value an encoder is handed, the compiled get5 paths, the
// codec's per-type warm-up (sonic's Pretouch). The gate's own calls are the
// untimed warm-up of the operation. An iteration decodes into a fresh target
// every time.
func Prepare(cell Cell) (func(b *testing.B) error, error) {
	in, err := Input(cell.Fixture)
	if err != nil {
		return nil, err
	}
	c, op, doc := cell.Codec, cell.Op, in.Doc
	if c.Warmup != nil {
		for _, newV := range []func() any{in.New, in.NewProj, newMap} {
			if newV == nil {
				continue
			}
			if err := c.Warmup(newV()); err != nil {
				return nil, fmt.Errorf("%s: warm-up: %w", cell, err)
			}
		}
	}
	if err := codecs.Check(c, op, in); err != nil {
		return nil, err
	}

	// newValue makes a decode target, value is what an encoder is handed.
	var value any
	newValue := in.New
	switch {
	case c.Category == codecs.Floor:
		// The floor copies the document into a fresh buffer held by one
		// target, and out of one copy of it.
		dst, src := new([]byte), bytes.Clone(doc)
		newValue, value = func() any { return dst }, &src
	case op == codecs.DecodeMap || op == codecs.EncodeMap:
		newValue = newMap
	case op == codecs.DecodeProj:
		newValue = in.NewProj
	}
	if value == nil && (op == codecs.EncodeStruct || op == codecs.EncodeMap) {
		value = newValue()
		if err := json.Unmarshal(doc, value); err != nil {
			return nil, fmt.Errorf("%s: building the value to encode: %w", cell, err)
		}
	}

	switch op {
	case codecs.DecodeStruct, codecs.DecodeMap, codecs.DecodeProj:
		return func(b *testing.B) error {
			for b.Loop() {
				if err := c.Unmarshal(doc, newValue()); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.EncodeStruct, codecs.EncodeMap:
		return func(b *testing.B) error {
			for b.Loop() {
				if _, err := c.Marshal(value); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.Roundtrip:
		return func(b *testing.B) error {
			for b.Loop() {
				v := newValue()
				if err := c.Unmarshal(doc, v); err != nil {
					return err
				}
				if _, err := c.Marshal(v); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.Get5:
		get := c.Get(in.Paths)
		return func(b *testing.B) error {
			for b.Loop() {
				if _, err := get(doc); err != nil {
					return err
				}
			}
			return nil
		}, nil
	}
	return nil, fmt.Errorf("%s: unknown operation", cell)
}

func newMap() any { return new(map[string]any) }
