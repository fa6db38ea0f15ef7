// Package jsoncost is the benchmark: its cells, the one body that gates
// and times them, and the two corpora it runs on. The matrix is every
// codec configuration × fixture × operation it supports, plus noop (the
// suite itself) and the floor (the least work an operation cannot avoid:
// a read-only pass over the input, a copy of the output into one reused
// buffer). A user's own document (make bench-doc) is the other corpus: the
// module internal/owndoc/tempmod generates calls DocumentMain and
// BenchmarkDocument.
//
// Data flows one way: corpus entries (package fixtures) become codec
// inputs; Prepare passes each cell through the correctness gate
// (codecs.Check) and returns its Loop; the test binary, started by a
// runner (scripts/bench, scripts/doc), serves it slices of those loops
// (Serve, package internal/wire); the runner records them in the format of
// internal/rawfmt, and the report reads only that.
package jsoncost

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A Cell is one benchmark: an operation on a corpus entry with a codec, or
// the floor of that operation on that entry.
type Cell struct {
	Op      codecs.Op
	Fixture *fixtures.Entry // named as the fixture in raw results
	Codec   *codecs.Codec   // nil in a floor cell
}

// Floor reports whether c is the floor cell of its operation and fixture.
func (c Cell) Floor() bool { return c.Codec == nil }

// Name is the cell's name in raw results.
func (c Cell) Name() rawfmt.Cell {
	codec := rawfmt.Floor
	if c.Codec != nil {
		codec = c.Codec.Name
	}
	return rawfmt.Cell{Op: string(c.Op), Fixture: c.Fixture.Name, Codec: codec}
}

func (c Cell) String() string { return c.Name().Sub() }

// A Skip is a combination the matrix does not emit, and why.
type Skip struct {
	Cell
	Reason string
}

// AllCells returns the noop cell and every cell of the matrix of cs.
func AllCells(cs codecs.List) ([]Cell, error) {
	cells, _, err := Matrix(cs, rawfmt.Selection{})
	if err != nil {
		return nil, err
	}
	return append([]Cell{NoopCell()}, cells...), nil
}

// Cells are the cells a benchmark binary serves: every one, listed for
// the runner, and one at a time by name, as the runner prepares them.
type Cells interface {
	All() ([]Cell, error)
	Find(name rawfmt.Cell) (Cell, error)
}

// MatrixCells are the noop cell and the matrix of the configurations. Find
// makes only the cells of the name's operation and document, so a process
// serving part of the matrix loads only that part's documents (the corpora
// are read from the module cache and unpacked).
type MatrixCells codecs.List

// All returns AllCells of the configurations.
func (m MatrixCells) All() ([]Cell, error) { return AllCells(codecs.List(m)) }

// Find returns the cell called name.
func (m MatrixCells) Find(name rawfmt.Cell) (Cell, error) {
	if noop := NoopCell(); noop.Name() == name {
		return noop, nil
	}
	sel := rawfmt.Selection{Ops: regexp.QuoteMeta(name.Op), Fixtures: regexp.QuoteMeta(name.Fixture)}
	cells, _, err := Matrix(codecs.List(m), sel)
	if err != nil {
		return Cell{}, missing(name.Sub())
	}
	return find(cells, name)
}

// CellList are the cells one call makes, for a binary whose cells are few.
type CellList func() ([]Cell, error)

// All returns the cells.
func (l CellList) All() ([]Cell, error) { return l() }

// Find returns the cell called name.
func (l CellList) Find(name rawfmt.Cell) (Cell, error) {
	cells, err := l()
	if err != nil {
		return Cell{}, err
	}
	return find(cells, name)
}

func find(cells []Cell, name rawfmt.Cell) (Cell, error) {
	if i := slices.IndexFunc(cells, func(c Cell) bool { return c.Name() == name }); i >= 0 {
		return cells[i], nil
	}
	return Cell{}, missing(name.Sub())
}

// missing is the error of a request for a cell the binary lacks.
func missing(name string) error { return fmt.Errorf("no cell %s in this binary", name) }

// NoopCell is the cell that times the harness alone (rawfmt.NoopCell).
func NoopCell() Cell {
	f, _ := fixtures.Lookup(rawfmt.NoopFixture)
	e, err := f.Entry()
	if err != nil {
		e = &fixtures.Entry{Name: f.Name, Family: f.Family}
	}
	return Cell{Op: rawfmt.Noop, Fixture: e, Codec: nothing}
}

// NoiseSelection is the subset of make bench-noise: three operations on the
// seed's 50 fields and on a search response, every codec.
var NoiseSelection = rawfmt.Selection{
	Ops:      "decode-map,decode-struct,encode-struct",
	Fixtures: "fields-0050,es-hits-10-full",
}

// QuickSelection is the small subset of make bench-quick.
var QuickSelection = rawfmt.Selection{
	Ops:      "decode-map,decode-struct,encode-struct",
	Fixtures: "fields-0005,fields-0050,fields-0500,es-hits-10-full,es-hits-10-source5",
}

// Matrix returns the cells s selects from the configurations cs, in op,
// fixture, codec order, and the combinations it leaves out with the reason. An operation and fixture with
// a codec cell also get a floor cell, except get5, whose readers need not
// touch every byte. An unknown name is an error listing the valid ones.
func Matrix(cs codecs.List, s rawfmt.Selection) (cells []Cell, skipped []Skip, err error) {
	cs, err = cs.Select(s.Codecs)
	ops, err2 := codecs.Match("operation", s.Ops, codecs.OpNames(codecs.Ops))
	fs, err3 := codecs.Match("fixture", s.Fixtures, fixtures.Names())
	if err = cmp.Or(err, err2, err3); err != nil {
		return nil, nil, err
	}
	for _, op := range ops {
		for _, name := range fs {
			f, _ := fixtures.Lookup(name)
			e, entryErr := f.Entry()
			if entryErr != nil {
				e = &fixtures.Entry{Name: f.Name, Family: f.Family} // named for its skips
			}
			n := len(cells)
			for _, c := range cs {
				cell := Cell{codecs.Op(op), e, c}
				switch {
				case !c.Supports(cell.Op):
					skipped = append(skipped, Skip{cell, fmt.Sprintf("%s does not implement %s", c.Name, op)})
				case cell.Op == codecs.DecodeProj && f.NewProj == nil:
					skipped = append(skipped, Skip{cell, fmt.Sprintf("%s has no projected type", f.Name)})
				case cell.Op == codecs.Get5 && f.Get5 == nil:
					skipped = append(skipped, Skip{cell, fmt.Sprintf("%s has no get5 paths", f.Name)})
				case entryErr != nil:
					skipped = append(skipped, Skip{cell, entryErr.Error()})
				default:
					cells = append(cells, cell)
				}
			}
			if len(cells) > n && codecs.Op(op) != codecs.Get5 {
				cells = append(cells, Cell{codecs.Op(op), e, nil})
			}
		}
	}
	return cells, skipped, nil
}
