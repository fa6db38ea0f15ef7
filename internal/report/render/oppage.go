package render

import (
	"cmp"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// An opPage is one operation's page, ops/<op>.md: its ranking, cost model,
// instruction counts, benchstat table and charts.
type opPage struct {
	Op       string
	Link     Link   // the operation as code, to its page
	OpBase   string // model.BaseOf, "" when none ran it
	OpRaw    Link   // the raw file, from the operation's page
	Decision *decision
	Cost     costModel
	Instr    *instr
	Table    *opTable
}

// An opTable is the benchstat table of an operation.
type opTable struct {
	File Link
	Base string // the codec of its base column: the operation's base, or else its first column
	NoCI bool   // the run has too few rounds for benchstat's intervals
}

// An opView is what an operation's page is executed on.
type opView struct {
	*view
	opPage
	Charts []chart
}

func newOpPage(v *view, op string, ranks []ranking) opPage {
	r := v.R
	o := opPage{Op: op, Link: Link{code(op), opFile(op)}, OpBase: model.BaseOf(r, op), OpRaw: Link{"raw/" + r.Raw.File, "../" + v.Page.Raw},
		Cost: newCostModel(v.A.Model, op), Instr: newInstr(v, op)}
	if v.Publish {
		d := newDecision(r, op, ranks)
		o.Decision = &d
	}
	if cols := r.Columns(op); len(cols) > 0 && !v.Archived {
		file := "tables/" + op + ".txt"
		o.Table = &opTable{File: Link{file, "../" + file}, Base: cmp.Or(o.OpBase, cols[0]), NoCI: r.Rounds() < model.MinMedianSamples}
	}
	return o
}

// escapeAll escapes names and joins them with sep.
func escapeAll(names []string, sep string) string {
	out := slices.Clone(names)
	for i, n := range out {
		out[i] = markdown.Escape(n)
	}
	return strings.Join(out, sep)
}

// An instr is an operation's "Instruction counts": the count the run goes
// with, per codec and number of fields, against the base, fitted, and how
// well it ranks the cells as their times do.
type instr struct {
	Raw                     Link
	Go, Commit, Procs, GOGC string // the count's configuration, escaped
	Noop                    string // the harness's own count, "" without one
	Agreement               model.Agreement
	Discords                string // per document, the codecs whose places by time and by instructions differ
	Counts, Ratios, Fits    Table
	At                      string // the fixture of the Fits table's last columns
}

func newInstr(v *view, op string) *instr {
	r, ir := v.R, v.R.Instr
	i := slices.IndexFunc(v.A.Instr, func(o model.InstrOp) bool { return o.Op == op })
	if ir == nil || i < 0 {
		return nil
	}
	o := v.A.Instr[i]
	value := func(key string) string { return markdown.Escape(cmp.Or(config(ir, key), format.None)) }
	in := &instr{Raw: Link{"raw/" + ir.Raw.File, "../" + path.Join(path.Dir(v.Page.Raw), ir.Raw.File)},
		Go: value(rawfmt.KeyGo), Commit: value(rawfmt.KeyCommit), Procs: value(rawfmt.KeyGOMAXPROCS), GOGC: value(rawfmt.KeyGOGC),
		Agreement: o.Agreement, At: format.None}
	var discords []string
	for _, d := range o.Discords {
		var places []string
		for k, c := range d.Codecs {
			places = append(places, markdown.Escape(c)+" "+format.Num(d.ByTime[k])+"/"+format.Num(d.ByInstr[k]))
		}
		discords = append(discords, d.Fixture+": "+strings.Join(places, ", "))
	}
	in.Discords = strings.Join(discords, "; ")
	if s := model.Of(ir, ir.Noop, rawfmt.UnitInstr); s.Known() {
		in.Noop = format.Num(s.Point)
	}
	count := func(f, codec string) model.Sample {
		return model.Of(ir, rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, rawfmt.UnitInstr)
	}
	var fixtures []string // those with a count of a fitted codec
	cols := []string{"codec"}
	for _, f := range ir.Fixtures {
		if slices.ContainsFunc(o.Fits, func(fit model.InstrFit) bool { return count(f, fit.Codec).Known() }) {
			fixtures, cols = append(fixtures, f), append(cols, ">"+fieldCount(r, f))
		}
	}
	in.Counts.Cols, in.Ratios.Cols = cols, cols
	if all := ir.FixturesOf(load.Fields); len(all) > 0 {
		in.At = all[len(all)-1]
	}
	for _, fit := range o.Fits {
		counts, ratios := []string{fit.Codec}, []string{fit.Codec}
		for _, f := range fixtures {
			c, base := count(f, fit.Codec), count(f, rawfmt.Base)
			counts = append(counts, format.Count(point(c)))
			ratios = append(ratios, format.Ratio(point(c)/point(base)))
		}
		in.Counts.add(counts...)
		if fit.Codec != rawfmt.Base {
			in.Ratios.add(ratios...)
		}
		cell := rawfmt.Cell{Op: op, Fixture: in.At, Codec: fit.Codec}
		i, t := model.Of(ir, cell, rawfmt.UnitInstr), model.Of(r, cell, rawfmt.UnitNs)
		b, n := model.Of(r, cell, rawfmt.UnitB), model.Of(r, cell, rawfmt.UnitAllocs)
		in.Fits.add(append([]string{fit.Codec}, append(curveCells(fit.Fit, false),
			cond(point(i) > 0, func() string { return format.Num(1000 * point(t) / i.Point) }), format.Num(point(b)), format.Num(point(n)))...)...)
	}
	if !slices.ContainsFunc(o.Fits, func(fit model.InstrFit) bool { return fit.Codec == rawfmt.Base }) {
		in.Ratios.Rows = nil
	}
	in.Fits.Cols = []string{"codec", "form", ">a", ">per field, measured, at " + marks(" · "), ">k", ">largest residual", ">ns per 1000", ">B/op", ">allocs/op"}
	return in
}

// point is s's point, NaN when it rests on no sample.
func point(s model.Sample) float64 {
	if !s.Known() {
		return math.NaN()
	}
	return s.Point
}

// fieldCount is a fixture's field count as the data gives it, or its name.
func fieldCount(r *load.Run, fixture string) string {
	if s := r.Sizes[fixture]; s.HasFields {
		return format.Num(s.Fields)
	}
	return fixture
}
