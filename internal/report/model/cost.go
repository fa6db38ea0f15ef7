package model

import (
	"errors"
	"fmt"
	"sync"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Regressor is an x of the fits: a fixture's size in some unit.
type Regressor struct {
	Name string // what one unit of it is: "field", "KB"
	of   func(load.Size) (float64, bool)
}

// The regressors.
var (
	XFields = Regressor{"field", func(s load.Size) (float64, bool) { return s.Fields, s.HasFields }}
	XKB     = Regressor{"KB", func(s load.Size) (float64, bool) { return s.DocBytes / format.BytesPerKB, s.HasDocBytes }}
)

// A Spec is one of the model's fits: which unit, over which fixtures,
// against what.
type Spec struct {
	Name     string
	Unit     string
	Families []load.Family
	Xs       []Regressor
	Need     load.Family // a family that must give at least two points (zero: none)
	Curve    bool        // a curve against fields (see Form); else y = a + Σ c·x
}

// The model's fits, indices into Specs and Row.Fits.
const (
	PerField   = iota // ns/op against fields over fields-*: a curve
	PerKB             // ns/op = a + c·KB over bytes-*
	Joint             // ns/op = a + b·fields + c·KB over fields-*, bytes-*, equal-bytes-*
	Allocs            // allocs/op against fields over fields-*: a curve
	AllocBytes        // B/op against fields over fields-*: a curve
	NumFits
)

// Specs are the model's fits.
var Specs = [NumFits]Spec{
	PerField:   {Name: "ns-per-field", Unit: rawfmt.UnitNs, Families: []load.Family{load.Fields}, Xs: []Regressor{XFields}, Curve: true},
	PerKB:      {Name: "ns-per-KB", Unit: rawfmt.UnitNs, Families: []load.Family{load.Bytes}, Xs: []Regressor{XKB}},
	Joint:      {Name: "ns-joint", Unit: rawfmt.UnitNs, Families: []load.Family{load.Fields, load.Bytes, load.Equal}, Xs: []Regressor{XFields, XKB}, Need: load.Bytes},
	Allocs:     {Name: "allocs-per-field", Unit: rawfmt.UnitAllocs, Families: []load.Family{load.Fields}, Xs: []Regressor{XFields}, Curve: true},
	AllocBytes: {Name: "B-per-field", Unit: rawfmt.UnitB, Families: []load.Family{load.Fields}, Xs: []Regressor{XFields}, Curve: true},
}

// InstrSpec is the curve of instructions/op against fields.
var InstrSpec = Spec{Name: "instructions-per-field", Unit: rawfmt.UnitInstr, Families: []load.Family{load.Fields}, Xs: []Regressor{XFields}, Curve: true}

// A Result is a fit, or why there is none.
type Result struct {
	Fit Fit
	Err error

	// Curves only: every form's held-out error, the power form's k
	// (resolved when its b lies above zero) and the curve at Marks.
	Forms     [NumForms]float64 // NaN for a form not tried
	K         Estimate
	KResolved bool
	Marks     []Mark
}

// OK reports whether the fit was made.
func (r Result) OK() bool { return r.Err == nil }

// Usable reports whether the fit was made and is not flagged.
func (r Result) Usable() bool { return r.OK() && !r.Fit.Flagged() }

// A Row is the cost model of one codec × operation.
type Row struct {
	Op, Codec string
	Fits      [NumFits]Result
}

// ErrNoCells is the Err of a fit without cells.
var ErrNoCells = errors.New("no cells")

// CostModel fits every codec × operation that has a cell, in parallel.
func CostModel(r *load.Run) []Row {
	var rows []Row
	for _, op := range r.Ops {
		for _, codec := range r.CodecNames {
			if r.Has(op, codec) {
				rows = append(rows, Row{Op: op, Codec: codec})
			}
		}
	}
	var wg sync.WaitGroup
	for i := range rows {
		wg.Go(func() {
			for j, spec := range Specs {
				rows[i].Fits[j] = fit(r, r.Sizes, rows[i].Op, rows[i].Codec, spec)
			}
		})
	}
	wg.Wait()
	return rows
}

func fit(r *load.Run, sizes map[string]load.Size, op, codec string, spec Spec) Result {
	var pts points
	needed := 0
	for _, f := range r.FixturesOf(spec.Families...) {
		s := Of(r, rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, spec.Unit)
		if !s.Known() {
			continue
		}
		x := make([]float64, len(spec.Xs))
		ok := true
		for i, reg := range spec.Xs {
			v, has := reg.of(sizes[f])
			x[i], ok = v, ok && has
		}
		if !ok {
			continue
		}
		pts.add(f, x, s)
		if spec.Need.Has(f) { // every point when it needs no family
			needed++
		}
	}
	switch {
	case needed == 0: // as decode-proj, which has no bytes-* cells at all
		return Result{Err: ErrNoCells}
	case spec.Need.Prefix != "" && needed < 2:
		return Result{Err: fmt.Errorf("%w: %d %s point, need 2 to part fields from bytes", ErrTooFewPoints, needed, spec.Need.Label())}
	}
	if spec.Curve {
		return fitCurve(pts)
	}
	return fitLinear(pts)
}
