package render

import (
	"cmp"
	"math"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// instrView is what templates/instr.tmpl shows: the machine's
// instruction counts beside the run's times.
type instrView struct {
	Raw                     Link
	Go, Commit, Procs, GOGC string
	suite
	NoopCount string // the noop cell\'s count, "" for none
	FitCols   []string
	Ops       []instrOpView
}

// An instrOpView is one operation's counts: how they rank cells against
// time, the counts and their ratios to the base's, and the fits.
type instrOpView struct {
	Op, Rho, Cells string
	Within         *struct{ Median, Fixtures, Least, LeastFixture string }
	Cols           []string
	Counts, Ratios [][]string
	At             string
	Fits           [][]string
}

// instrCounts writes the machine's instruction counts beside the run's
// times: per operation a table of counts, the fitted cost per field in
// instructions, and how well the counts rank cells as time does.
func instrCounts(d *doc, a *model.Analysis) {
	in := a.Instr
	if in == nil {
		return
	}
	r, ir := a.Run, in.Run
	v := instrView{
		Raw: Link{"raw/" + ir.Raw.File, "raw/" + ir.Raw.File},
		Go:  esc(value(ir, rawfmt.KeyGo)), Commit: esc(value(ir, rawfmt.KeyCommit)),
		Procs: value(ir, rawfmt.KeyGOMAXPROCS), GOGC: value(ir, rawfmt.KeyGOGC),
		FitCols: []string{"codec", "form", ">a", ">per field, measured, at " + markList(), ">k", ">largest residual", ">ns per 1000", ">B/op", ">allocs/op"},
	}
	if s := ir.Samples(ir.Noop, rawfmt.UnitInstr); len(s) > 0 {
		v.NoopCount = format.Num(model.Median(s))
	}
	for _, op := range in.Ops {
		rk := op.Agreement
		o := instrOpView{Op: esc(op.Op), Rho: format.Sig(rk.Rho), Cells: format.Plural(rk.Cells, "common cell")}
		if rk.Fixtures > 0 {
			o.Within = &struct{ Median, Fixtures, Least, LeastFixture string }{format.Sig(rk.Median), format.Plural(rk.Fixtures, "fixture"), format.Sig(rk.Least), esc(rk.LeastFixture)}
		}
		counts(&o, r, ir, op)
		fits(&o, r, ir, op)
		v.Ops = append(v.Ops, o)
	}
	d.section("instr", v)
}

// counts fills in the counts of op and their ratios to the base's: rows
// codecs, columns the fixtures by their number of fields (or name).
func counts(o *instrOpView, r, ir *load.Run, op model.InstrOp) {
	var fixtures []string
	for _, f := range ir.Fixtures {
		if slices.ContainsFunc(op.Fits, func(c model.InstrFit) bool { return hasInstr(ir, op.Op, f, c.Codec) }) {
			fixtures = append(fixtures, f)
		}
	}
	o.Cols = []string{"codec"}
	for _, f := range fixtures {
		o.Cols = append(o.Cols, ">"+fieldCount(r, f))
	}
	var ratios [][]string
	for _, c := range op.Fits {
		count, ratio := []string{c.Codec}, []string{c.Codec}
		for _, f := range fixtures {
			v, base := instrAt(ir, op.Op, f, c.Codec), instrAt(ir, op.Op, f, rawfmt.Base)
			count = append(count, format.Count(v))
			ratio = append(ratio, format.Ratio(v/base))
		}
		o.Counts = append(o.Counts, count)
		if c.Codec != rawfmt.Base {
			ratios = append(ratios, ratio)
		}
	}
	if slices.ContainsFunc(op.Fits, func(c model.InstrFit) bool { return c.Codec == rawfmt.Base }) {
		o.Ratios = ratios
	}
}

// instrAt is the median count of a cell, NaN when it has none.
func instrAt(ir *load.Run, op, fixture, codec string) float64 {
	s := ir.Samples(rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}, rawfmt.UnitInstr)
	if len(s) == 0 {
		return math.NaN()
	}
	return model.Median(s)
}

func hasInstr(ir *load.Run, op, fixture, codec string) bool {
	return !math.IsNaN(instrAt(ir, op, fixture, codec))
}

// fits fills in the fitted instructions per field of op beside the time,
// B/op and allocs/op of the largest fields-* document counted.
func fits(o *instrOpView, r, ir *load.Run, op model.InstrOp) {
	counted := ir.FixturesOf(load.Fields)
	at := ""
	if len(counted) > 0 {
		at = counted[len(counted)-1]
	}
	o.At = cmp.Or(at, format.None)
	for _, f := range op.Fits {
		c := rawfmt.Cell{Op: op.Op, Fixture: at, Codec: f.Codec}
		perInstr := format.None
		if i, t := ir.Samples(c, rawfmt.UnitInstr), r.Samples(c, rawfmt.UnitNs); len(i) > 0 && len(t) > 0 && model.Median(i) > 0 {
			perInstr = format.Num(1000 * model.Median(t) / model.Median(i))
		}
		o.Fits = append(o.Fits, []string{f.Codec, formula(f.Fit), call(f.Fit), marks(f.Fit), kText(f.Fit), resid(f.Fit),
			perInstr, median(r.Samples(c, rawfmt.UnitB)), median(r.Samples(c, rawfmt.UnitAllocs))})
	}
}

func median(s []float64) string {
	if len(s) == 0 {
		return format.None
	}
	return format.Num(model.Median(s))
}

// value is a configuration value of a run, or none.
func value(r *load.Run, key string) string {
	v, _ := r.Value(key)
	return format.OrNone(v)
}
