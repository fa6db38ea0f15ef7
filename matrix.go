// Package jsoncost is the benchmark matrix: every registered codec
// configuration × every fixture × every operation it supports.
//
// Data flows one way: fixtures (package fixtures) become codec inputs, each
// cell passes the correctness gate (codecs.Check) before it is timed by
// BenchmarkCodec, the runner (scripts/bench) records the raw benchfmt output
// of interleaved rounds, and the report (scripts/report) reads only that.
package jsoncost

import (
	"encoding/json"
	"fmt"
	"slices"

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

// Prepare checks the cell with the correctness gate and returns one
// iteration of its operation. Everything an iteration needs is built here,
// before timing: the input bytes, the value an encoder is handed, the
// compiled get5 paths. An iteration allocates a fresh target every time.
func Prepare(cell Cell) (func() error, error) {
	in, err := Input(cell.Fixture)
	if err != nil {
		return nil, err
	}
	c, doc := cell.Codec, in.Doc
	if err := codecs.Check(c, cell.Op, in); err != nil {
		return nil, err
	}
	if c.Category == codecs.Floor {
		return copyOp(c, cell.Op, doc), nil
	}
	if c.Warmup != nil {
		for _, v := range []any{in.New(), new(map[string]any)} {
			if err := c.Warmup(v); err != nil {
				return nil, fmt.Errorf("%s: warm-up: %w", cell, err)
			}
		}
		if in.NewProj != nil {
			if err := c.Warmup(in.NewProj()); err != nil {
				return nil, fmt.Errorf("%s: warm-up: %w", cell, err)
			}
		}
	}
	var run func() error
	switch cell.Op {
	case codecs.DecodeStruct:
		run = func() error { return c.Unmarshal(doc, in.New()) }
	case codecs.DecodeMap:
		run = func() error {
			var m map[string]any
			return c.Unmarshal(doc, &m)
		}
	case codecs.DecodeProj:
		run = func() error { return c.Unmarshal(doc, in.NewProj()) }
	case codecs.EncodeStruct, codecs.EncodeMap:
		v := in.New()
		if cell.Op == codecs.EncodeMap {
			v = new(map[string]any)
		}
		if err := json.Unmarshal(doc, v); err != nil {
			return nil, fmt.Errorf("%s: building the value to encode: %w", cell, err)
		}
		run = func() error {
			_, err := c.Marshal(v)
			return err
		}
	case codecs.Roundtrip:
		run = func() error {
			v := in.New()
			if err := c.Unmarshal(doc, v); err != nil {
				return err
			}
			_, err := c.Marshal(v)
			return err
		}
	case codecs.Get5:
		get := c.Get(in.Paths)
		run = func() error {
			_, err := get(doc)
			return err
		}
	default:
		return nil, fmt.Errorf("%s: unknown operation", cell)
	}
	// The untimed warm-up call: JIT compilation, caches, lazy init.
	if err := run(); err != nil {
		return nil, fmt.Errorf("%s: warm-up: %w", cell, err)
	}
	return run, nil
}

// copyOp is the floor: decoding copies the document into a fresh buffer,
// encoding copies it out, a round trip does both. The document is boxed
// once, here, so that an iteration allocates only the copy.
func copyOp(c *codecs.Codec, op codecs.Op, doc []byte) func() error {
	var boxed any = doc
	dst := new([]byte)
	decode := func() error { return c.Unmarshal(doc, dst) }
	encode := func() error {
		_, err := c.Marshal(boxed)
		return err
	}
	switch {
	case op == codecs.Roundtrip:
		return func() error {
			if err := decode(); err != nil {
				return err
			}
			return encode()
		}
	case slices.Contains([]codecs.Op{codecs.EncodeStruct, codecs.EncodeMap}, op):
		return encode
	}
	return decode
}
