package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// notResolved stands for a cost whose interval reaches zero or lies below.
const notResolved = "not resolved"

// flag marks a fit that misses a point by more than model.MaxResidual.
const flag = "⚠"

func costModel(d *doc, a *model.Analysis) {
	d.line("## Cost model")
	d.line("")
	if len(a.Model) == 0 {
		d.line("No cells to fit.")
		d.line("")
		return
	}
	d.line("Per codec and operation, the cost of the %s documents against their number of fields n. Four forms are tried: %s. Each is fitted by least squares weighted by 1/median² (each point counts by its relative error), and the one that best predicts each fixture when it is left out of the fit (the mean relative error, *held-out*) is shown. **a** is the cost of a call (n = 0): *%s* when its 95%% interval reaches zero. Beside it, the cost per field as measured (median ns/op over n) at %s fields, and **k**, the exponent of the power form a + b·n^k fitted to the same points: above 1, each field costs more as documents grow. Intervals are 95%% bootstraps over the samples. **Largest residual** is the fit's largest miss, relative to the median, over the %s fixtures; a fit that misses any by more than %s is marked %s and not used in the findings. All figures, with every form's held-out error, are also in [model.csv](model.csv).",
		load.Fields.Label(), formList(), notResolved, markList(), load.Fields.Label(), format.Percent(100*model.MaxResidual), flag)
	d.line("")
	for _, op := range a.Run.Ops {
		var times, allocs [][]string
		for _, row := range a.Model {
			if row.Op != op {
				continue
			}
			pf := row.Fits[model.PerField]
			times = append(times, []string{row.Codec, formula(pf), call(pf), marks(pf), kText(pf), heldOut(pf), resid(pf)})
			for _, i := range []int{model.Allocs, model.AllocBytes} {
				if r := row.Fits[i]; r.OK() {
					allocs = append(allocs, []string{row.Codec, model.Specs[i].Unit, formula(r), call(r), marks(r), kText(r), heldOut(r), resid(r)})
				}
			}
		}
		if len(times) == 0 {
			continue
		}
		d.line("### %s", esc(op))
		d.line("")
		d.table([]string{"codec", "ns/op: form", ">a: ns per call", ">ns per field, measured, at " + markList() + " fields", ">k", ">held-out error", ">largest residual"}, times)
		d.line("")
		if len(allocs) > 0 {
			d.table([]string{"codec", "unit", "form", ">a", ">per field, measured, at " + markList(), ">k", ">held-out error", ">largest residual"}, allocs)
			d.line("")
		}
	}
	perKB(d, a)
}

// perKB writes the fits that part per-field from per-byte cost.
func perKB(d *doc, a *model.Analysis) {
	var rows [][]string
	for _, row := range a.Model {
		kb, jt := row.Fits[model.PerKB], row.Fits[model.Joint]
		if !kb.OK() && !jt.OK() {
			continue
		}
		rows = append(rows, []string{row.Op, row.Codec, coef(kb, 1), resid(kb), coef(jt, 1), coef(jt, 2), resid(jt)})
	}
	if len(rows) == 0 {
		return
	}
	d.line("### Per KB")
	d.line("")
	d.line("%s documents hold 10 fields and grow their strings; %s documents grow fields and bytes together, %s hold the size and vary the fields. A line over %s gives the cost of a KB (1 KB = %d B); the joint line a + b·fields + c·KB over all three parts the cost of a field from the cost of a byte. Both are weighted as above, with the same residual mark.",
		load.Bytes.Label(), load.Fields.Label(), load.Equal.Label(), load.Bytes.Label(), model.BytesPerKB)
	d.line("")
	d.table([]string{"op", "codec", ">c: ns per KB (" + load.Bytes.Prefix + "*)", ">largest residual", ">joint: ns per field", ">joint: ns per KB", ">largest residual"}, rows)
	d.line("")
}

// formList names the candidate forms.
func formList() string {
	names := make([]string, model.NumForms)
	for f := range model.NumForms {
		names[f] = f.String()
	}
	return strings.Join(names, ", ")
}

// markList is the sizes of model.Marks: "5 · 50 · 1000".
func markList() string {
	s := make([]string, len(model.Marks))
	for i, m := range model.Marks {
		s[i] = format.Num(m)
	}
	return strings.Join(s, " · ")
}

// formula writes a fit's form with its fitted parameters after a.
func formula(r model.Result) string {
	if !r.OK() {
		return format.None
	}
	c := r.Fit.Coef
	switch r.Fit.Form {
	case model.Power:
		return fmt.Sprintf("a %s·n^%s", term(c[1].V), strconv.FormatFloat(c[2].V, 'f', 2, 64))
	case model.NLogN:
		return fmt.Sprintf("a %s·n %s·n·ln n", term(c[1].V), term(c[2].V))
	case model.Decades:
		return fmt.Sprintf("a + n × %s | %s | %s by decade", format.Num(c[1].V), format.Num(c[2].V), format.Num(c[3].V))
	}
	if len(c) == 2 {
		return fmt.Sprintf("a %s·n", term(c[1].V))
	}
	return model.Linear.String()
}

// term formats a coefficient added to a formula: "+ 3.2" or "− 3.2".
func term(x float64) string {
	if x < 0 {
		return "− " + format.Num(-x)
	}
	return "+ " + format.Num(x)
}

// call formats a fit's cost of a call, or says it is not resolved.
func call(r model.Result) string {
	if !r.OK() {
		return format.None
	}
	a, ok := r.Fit.Call()
	if !ok {
		return notResolved
	}
	return format.CI(a, format.Num, "")
}

// marks formats the measured cost per field at model.Marks.
func marks(r model.Result) string {
	if !r.OK() {
		return format.None
	}
	s := make([]string, len(model.Marks))
	for i, n := range model.Marks {
		s[i] = format.None
		if m, ok := r.MarkAt(n); ok {
			s[i] = format.Num(m.PerField.V)
		}
	}
	return strings.Join(s, " · ")
}

// kText formats the power form's exponent with its interval.
func kText(r model.Result) string {
	switch {
	case !r.OK() || math.IsNaN(r.K.V):
		return format.None
	case !r.KResolved:
		return notResolved
	}
	return format.CI(r.K, format.Sig, "")
}

func heldOut(r model.Result) string {
	if !r.OK() {
		return format.None
	}
	return format.Percent(100 * r.Forms[r.Fit.Form].HeldOut)
}

// resid formats a fit's largest residual and where it falls, marked when
// the fit is flagged.
func resid(r model.Result) string {
	if !r.OK() {
		return format.None
	}
	s := format.Percent(100*r.Fit.MaxResid) + " (" + r.Fit.Worst + ")"
	if r.Fit.Flagged() {
		s += " " + flag
	}
	return s
}

// coef formats coefficient i of a fit with its interval, or none.
func coef(r model.Result, i int) string {
	if !r.OK() {
		return format.None
	}
	return format.CI(r.Fit.Coef[i], format.Num, "")
}

// ops links each operation's benchstat table and shows its charts.
func ops(d *doc, a *model.Analysis, tabs []table, chs []chart) {
	d.line("## Per operation")
	d.line("")
	d.line("Each table is `go tool benchstat -col %s -row %s` of %s, %s and %s: medians ± the 95%% interval, and every other column against the base column with its p-value (`~` where the difference is not significant).",
		key(rawfmt.KeyCodec), key(rawfmt.KeyFixture), rawfmt.UnitNs, rawfmt.UnitB, rawfmt.UnitAllocs)
	if a.Run.Rounds() < model.MinMedianSamples {
		d.line("With fewer than %d samples a cell has no interval: benchstat writes ± ∞ for it.", model.MinMedianSamples)
	}
	d.line("")
	for _, t := range tabs {
		d.line("### %s", esc(t.op))
		d.line("")
		link := Link{"tables/" + t.op + ".txt", "tables/" + t.op + ".txt"}
		if t.base != rawfmt.Base {
			d.line("Table: %s (no %s cells for this operation: the base column is %s).", link, rawfmt.Base, esc(t.base))
		} else {
			d.line("Table: %s", link)
		}
		d.line("")
		for _, c := range chs {
			if c.op != t.op {
				continue
			}
			d.line("![%s](%s)", c.alt, Link{Href: c.file}.href())
			d.line("")
			d.line("*%s*", c.caption)
			d.line("")
		}
	}
}

func method(d *doc, a *model.Analysis) {
	d.line("## How these numbers are made")
	d.line("")
	each := "every cell once per round"
	if n := a.Run.FieldsPasses(); n > 1 {
		each = fmt.Sprintf("every cell once per round and each `fields-*` cell, the sweep the fits rest on, %d times, each time in its own run of the benchmark binary at its own place in the round", n)
	}
	d.line("- The raw file holds %s: %s, so drift on a shared machine spreads over all codecs alike. Medians and their intervals are benchmath's (`AssumeNothing`, as benchstat); with fewer than %d samples a median has no finite 95%% interval.", format.Plural(a.Run.Rounds(), "interleaved round"), each, model.MinMedianSamples)
	d.line("- Bootstrap intervals resample each cell's samples with replacement (%d draws, fixed seed), recompute the medians and the statistic, and take the 2.5th and 97.5th percentiles; cells with fewer than %d samples get none.", model.BootstrapReps, model.MinBootstrapSamples)
	d.line("- x values are the documents' own `%s` (scalar leaves) and `%s` metrics, not their names.", rawfmt.UnitFields, rawfmt.UnitDocB)
	d.line("- A finding states an effect only when its 95%% interval is narrower than the effect itself, and uses only fits that miss no point by more than %s.", format.Percent(100*model.MaxResidual))
	if s := checksPassed(a); s != "" {
		d.line("- %s", s)
	}
	d.line("- Regenerate with `make report`; compare two runs with `make compare OLD=<raw file or dir> NEW=<raw file or dir>`.")
}
