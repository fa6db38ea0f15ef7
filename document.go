package jsoncost

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/owndoc/fields"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A Document is a user's own document, as make bench-doc's generated module holds it.
type Document struct {
	Name     string      // the fixture name of the document in cell names
	Fields   string      // the FIELDS list; "" for none
	Samples  []byte      // the samples, compact, one a line
	New      func() any  // a fresh pointer to the document's type
	NewProj  func() any  // a fresh pointer to the projected type; nil without fields
	Easyjson bool        // whether easyjson code was generated for the types
	Codecs   codecs.List // the configurations to run, in order
}

// docFamily is the fixture family of a user's document and its filtered copy.
const docFamily = "doc"

// DocumentOps are the operations on a user's document, in report order.
var DocumentOps = []codecs.Op{codecs.DecodeStruct, codecs.DecodeMap, codecs.DecodeProj, codecs.EncodeStruct, codecs.Roundtrip, codecs.Get5}

// DocumentMain is the TestMain of a document's benchmark binary: it
// serves the runner on the document's cells (see Main).
func DocumentMain(m *testing.M, d *Document) { Main(m, d.Codecs, CellList(sync.OnceValues(d.cells))) }

// BenchmarkDocument runs every cell of d as a plain go test benchmark.
func BenchmarkDocument(b *testing.B, d *Document) {
	cells, err := d.cells()
	if err != nil {
		b.Fatal(err)
	}
	Bench(b, cells)
}

// cells returns every cell of d, in op, fixture, codec order: each
// configuration supporting the operation (easyjson only with generated
// code); with fields, decode-proj, decode-struct on the filtered samples
// and get5 on those where it finds one. A projected type or filtered
// sample whose paths differ from FIELDS is an error.
func (d *Document) cells() ([]Cell, error) {
	set, err := fields.Parse(d.Fields)
	if err != nil {
		return nil, err
	}
	if set != nil && d.NewProj != nil {
		if err := set.CheckType(reflect.TypeOf(d.New()), reflect.TypeOf(d.NewProj())); err != nil {
			return nil, fmt.Errorf("FIELDS check: %w", err)
		}
	}
	var all, kept, found []fixtures.Sample
	for i, line := range strings.Split(strings.TrimSuffix(string(d.Samples), "\n"), "\n") {
		s := fixtures.Sample{Doc: []byte(line)}
		if set != nil {
			if s.Get5, err = set.Locate(s.Doc); err != nil {
				return nil, fmt.Errorf("sample %d: %w", i+1, err)
			}
			f, err := set.Filter(s.Doc)
			if err != nil {
				return nil, fmt.Errorf("sample %d: %w", i+1, err)
			}
			if err := set.CheckFiltered(s.Doc, f); err != nil {
				return nil, fmt.Errorf("FIELDS check: sample %d: %w", i+1, err)
			}
			kept = append(kept, fixtures.Sample{Doc: f})
			if len(s.Get5) > 0 {
				found = append(found, s)
			}
		}
		all = append(all, s)
	}
	entry := func(name string, samples []fixtures.Sample, newValue, newProj func() any) (e *fixtures.Entry) {
		if err == nil && samples != nil {
			e, err = fixtures.NewEntry(name, docFamily, samples, newValue, newProj)
		}
		return e
	}
	full := entry(d.Name, all, d.New, d.NewProj)
	filtered := entry(d.Name+rawfmt.FilteredSuffix, kept, d.NewProj, nil)
	located := entry(d.Name, found, d.New, d.NewProj)
	if err != nil {
		return nil, err
	}
	var cells []Cell
	add := func(op codecs.Op, e *fixtures.Entry) {
		for _, c := range d.Codecs {
			if e != nil && c.Supports(op) && (c.Category != codecs.Codegen || d.Easyjson) {
				cells = append(cells, Cell{op, e, c})
			}
		}
	}
	for _, op := range DocumentOps {
		switch {
		case op == codecs.Get5:
			add(op, located)
		case op != codecs.DecodeProj || d.NewProj != nil:
			add(op, full)
		}
		if op == codecs.DecodeStruct {
			add(op, filtered)
		}
	}
	return cells, nil
}
