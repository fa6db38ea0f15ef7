package main

import (
	"errors"
	"fmt"
	"strings"
)

// family is a fixture family, recognised by its name prefix.
type family struct {
	prefix string
	feeds  string // what the report builds from it, for the note when it is missing
}

var (
	famFields    = family{"fields-", "the per-field fit, the seed table and the charts against fields"}
	famBytes     = family{"bytes-", "the per-KB fit and the joint fit"}
	famEqual     = family{"equal-bytes-", "the joint fit"}
	famNested    = family{"nested-", "the nesting rows of the tables"}
	famESHits    = family{"es-hits-", "the `_source` filtering table"}
	famRealworld = family{"realworld-", "the real-world MB/s charts"}

	families = []family{famFields, famBytes, famEqual, famNested, famESHits, famRealworld}
)

// label names the family in Markdown.
func (f family) label() string { return "`" + f.prefix + "*`" }

// fixturesOf lists the run's fixtures of the given families, in data order.
func (rd *runData) fixturesOf(fams ...family) []string {
	var out []string
	for _, f := range rd.fixtures {
		for _, fam := range fams {
			if strings.HasPrefix(f, fam.prefix) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// bytesPerKB defines the KB of the per-KB slopes.
const bytesPerKB = 1024

// Regressors of the fits.
var (
	xFields = regressor{"field", func(fi fixtureInfo) (float64, bool) { return fi.fields, fi.hasFields }}
	xKB     = regressor{"KB", func(fi fixtureInfo) (float64, bool) { return fi.docBytes / bytesPerKB, fi.hasDocBytes }}
)

type regressor struct {
	name string
	of   func(fixtureInfo) (float64, bool)
}

// fitSpec is one of the model's fits: which unit, over which fixtures, against what.
type fitSpec struct {
	name string
	unit string
	fams []family
	xs   []regressor
	need family // a family that must give at least two points (the zero family: none)
}

// The model's fits, indices into modelSpecs and modelRow.fits.
const (
	fitPerField   = iota // ns/op = a + b·fields over fields-*
	fitPerKB             // ns/op = a + c·KB over bytes-*
	fitJoint             // ns/op = a + b·fields + c·KB over fields-*, bytes-*, equal-bytes-*
	fitAllocs            // allocs/op = a + b·fields over fields-*
	fitAllocBytes        // B/op = a + b·fields over fields-*
	numFits
)

var modelSpecs = [numFits]fitSpec{
	fitPerField: {name: "ns-per-field", unit: unitNs, fams: []family{famFields}, xs: []regressor{xFields}},
	fitPerKB:    {name: "ns-per-KB", unit: unitNs, fams: []family{famBytes}, xs: []regressor{xKB}},
	// Without bytes-* points, fields and KB grow together and the joint fit cannot part them.
	fitJoint:      {name: "ns-joint", unit: unitNs, fams: []family{famFields, famBytes, famEqual}, xs: []regressor{xFields, xKB}, need: famBytes},
	fitAllocs:     {name: "allocs-per-field", unit: unitAllocs, fams: []family{famFields}, xs: []regressor{xFields}},
	fitAllocBytes: {name: "B-per-field", unit: unitB, fams: []family{famFields}, xs: []regressor{xFields}},
}

// fitResult is a fit, or why there is none.
type fitResult struct {
	fit linearFit
	err error
}

func (r fitResult) ok() bool { return r.err == nil }

// modelRow is the cost model of one codec × operation.
type modelRow struct {
	op, codec string
	fits      [numFits]fitResult
}

var errNoCells = errors.New("no cells")

// buildModel fits every codec × operation that has at least one cell.
func buildModel(rd *runData) []modelRow {
	var rows []modelRow
	for _, op := range rd.ops {
		for _, codec := range rd.codecs {
			if !rd.hasAny(op, codec) {
				continue
			}
			row := modelRow{op: op, codec: codec}
			for i, spec := range modelSpecs {
				row.fits[i] = rd.fit(op, codec, spec)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// hasAny reports whether the run has any cell of op and codec.
func (rd *runData) hasAny(op, codec string) bool {
	for _, f := range rd.fixtures {
		if len(rd.samples(op, f, codec, unitNs)) > 0 {
			return true
		}
	}
	return false
}

// fit gathers the points of a fit spec for one codec × operation and fits them.
func (rd *runData) fit(op, codec string, spec fitSpec) fitResult {
	var xs, sets [][]float64
	needed := 0
	for _, f := range rd.fixturesOf(spec.fams...) {
		s := rd.samples(op, f, codec, spec.unit)
		if len(s) == 0 {
			continue
		}
		x, ok := rd.regressors(f, spec.xs)
		if !ok {
			continue
		}
		xs = append(xs, x)
		sets = append(sets, s)
		if spec.need.prefix != "" && strings.HasPrefix(f, spec.need.prefix) {
			needed++
		}
	}
	if len(sets) == 0 {
		return fitResult{err: errNoCells}
	}
	switch {
	case spec.need.prefix == "":
	case needed == 0: // the operation has no such cells at all, as decode-proj has no bytes-*
		return fitResult{err: errNoCells}
	case needed < 2:
		return fitResult{err: fmt.Errorf("%w: %d %s point, need 2 to part fields from bytes", errTooFewPoints, needed, spec.need.label())}
	}
	f, err := fitLinear(xs, sets)
	return fitResult{fit: f, err: err}
}

// regressors returns the x values of a fixture, false when its metrics are missing.
func (rd *runData) regressors(fixture string, regs []regressor) ([]float64, bool) {
	x := make([]float64, len(regs))
	for i, r := range regs {
		v, ok := r.of(rd.sizes[fixture])
		if !ok {
			return nil, false
		}
		x[i] = v
	}
	return x, true
}
