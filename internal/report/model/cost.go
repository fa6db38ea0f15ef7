package model

import (
	"errors"
	"fmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// BytesPerKB defines the KB of the per-KB slopes.
const BytesPerKB = 1024

// A Regressor is an x of the fits: a fixture's size in some unit.
type Regressor struct {
	Name string // what one unit of it is: "field", "KB"
	of   func(load.Size) (float64, bool)
}

// The regressors.
var (
	XFields = Regressor{"field", func(s load.Size) (float64, bool) { return s.Fields, s.HasFields }}
	XKB     = Regressor{"KB", func(s load.Size) (float64, bool) { return s.DocBytes / BytesPerKB, s.HasDocBytes }}
)

// A Spec is one of the model's fits: which unit, over which fixtures,
// against what.
type Spec struct {
	Name     string
	Unit     string
	Families []load.Family
	Xs       []Regressor
	Need     load.Family // a family that must give at least two points (zero: none)
}

// The model's fits, indices into Specs and Row.Fits.
const (
	PerField   = iota // ns/op = a + b·fields over fields-*
	PerKB             // ns/op = a + c·KB over bytes-*
	Joint             // ns/op = a + b·fields + c·KB over fields-*, bytes-*, equal-bytes-*
	Allocs            // allocs/op = a + b·fields over fields-*
	AllocBytes        // B/op = a + b·fields over fields-*
	NumFits
)

// Specs are the model's fits.
var Specs = [NumFits]Spec{
	PerField: {Name: "ns-per-field", Unit: rawfmt.UnitNs, Families: []load.Family{load.Fields}, Xs: []Regressor{XFields}},
	PerKB:    {Name: "ns-per-KB", Unit: rawfmt.UnitNs, Families: []load.Family{load.Bytes}, Xs: []Regressor{XKB}},
	// Without bytes-* points, fields and KB grow together and the joint fit
	// cannot part them.
	Joint:      {Name: "ns-joint", Unit: rawfmt.UnitNs, Families: []load.Family{load.Fields, load.Bytes, load.Equal}, Xs: []Regressor{XFields, XKB}, Need: load.Bytes},
	Allocs:     {Name: "allocs-per-field", Unit: rawfmt.UnitAllocs, Families: []load.Family{load.Fields}, Xs: []Regressor{XFields}},
	AllocBytes: {Name: "B-per-field", Unit: rawfmt.UnitB, Families: []load.Family{load.Fields}, Xs: []Regressor{XFields}},
}

// A Result is a fit, or why there is none.
type Result struct {
	Fit Fit
	Err error
}

// OK reports whether the fit was made.
func (r Result) OK() bool { return r.Err == nil }

// A Row is the cost model of one codec × operation.
type Row struct {
	Op, Codec string
	Fits      [NumFits]Result
}

// ErrNoCells is the Err of a fit whose codec × operation has no cells of
// the fit's fixtures.
var ErrNoCells = errors.New("no cells")

// CostModel fits every codec × operation that has a cell. The floor is no
// codec and gets no fit.
func CostModel(r *load.Run) []Row {
	var rows []Row
	for _, op := range r.Ops {
		for _, codec := range r.CodecNames {
			if !r.Has(op, codec) {
				continue
			}
			row := Row{Op: op, Codec: codec}
			for i, spec := range Specs {
				row.Fits[i] = fit(r, op, codec, spec)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// fit gathers the points of a spec for one codec × operation and fits them.
func fit(r *load.Run, op, codec string, spec Spec) Result {
	var xs, sets [][]float64
	needed := 0
	for _, f := range r.FixturesOf(spec.Families...) {
		s := r.Samples(rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, spec.Unit)
		if len(s) == 0 {
			continue
		}
		x, ok := regressors(r.Sizes[f], spec.Xs)
		if !ok {
			continue
		}
		xs = append(xs, x)
		sets = append(sets, s)
		if spec.Need.Prefix != "" && spec.Need.Has(f) {
			needed++
		}
	}
	if len(sets) == 0 {
		return Result{Err: ErrNoCells}
	}
	switch {
	case spec.Need.Prefix == "":
	case needed == 0: // the operation has no such cells at all, as decode-proj has no bytes-*
		return Result{Err: ErrNoCells}
	case needed < 2:
		return Result{Err: fmt.Errorf("%w: %d %s point, need 2 to part fields from bytes", ErrTooFewPoints, needed, spec.Need.Label())}
	}
	f, err := FitLinear(xs, sets)
	return Result{Fit: f, Err: err}
}

// regressors returns the x values of a fixture, false when its metrics are
// missing.
func regressors(size load.Size, regs []Regressor) ([]float64, bool) {
	x := make([]float64, len(regs))
	for i, r := range regs {
		v, ok := r.of(size)
		if !ok {
			return nil, false
		}
		x[i] = v
	}
	return x, true
}
