package render

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A costModel is an operation's "Cost model": its curves against fields
// per codec, of time and of allocation, and its lines per KB.
type costModel struct {
	Times, Allocs, PerKB Table
}

func newCostModel(rows []model.Row, op string) costModel {
	m := costModel{
		Times:  Table{Cols: []string{"codec", "ns/op: form", ">a: ns per call", ">ns per field, measured, at " + marks(" · ") + " fields", ">k", ">held-out error", ">largest residual"}},
		Allocs: Table{Cols: []string{"codec", "unit", "form", ">a", ">per field, measured, at " + marks(" · "), ">k", ">held-out error", ">largest residual"}},
		PerKB:  Table{Cols: []string{"codec", ">c: ns per KB (" + load.Bytes.Prefix + "*)", ">largest residual", ">joint: ns per field", ">joint: ns per KB", ">largest residual"}},
	}
	for _, row := range rows {
		if row.Op != op {
			continue
		}
		m.Times.add(append([]string{row.Codec}, curveCells(row.Fits[model.PerField], true)...)...)
		for _, i := range []int{model.Allocs, model.AllocBytes} {
			if f := row.Fits[i]; f.OK() {
				m.Allocs.add(append([]string{row.Codec, model.Specs[i].Unit}, curveCells(f, true)...)...)
			}
		}
		kb, jt := row.Fits[model.PerKB], row.Fits[model.Joint]
		if kb.OK() || jt.OK() {
			m.PerKB.add(row.Codec, coef(kb, 1), resid(kb), coef(jt, 1), coef(jt, 2), resid(jt))
		}
	}
	return m
}

// curveCells are a curve's cells: its form, the cost of a call (or that its
// interval reaches zero), the measured cost per field at model.Marks, the
// power form's k, with heldOut the form's held-out error, and its largest
// residual.
func curveCells(res model.Result, heldOut bool) []string {
	cells := slices.Repeat([]string{format.None}, 6)
	if res.OK() {
		k := format.CI(res.K, format.Sig, "")
		switch {
		case math.IsNaN(res.K.V):
			k = format.None
		case !res.KResolved:
			k = "not resolved"
		}
		call := "not resolved"
		if a, ok := res.Fit.Call(); ok {
			call = format.CI(a, format.Num, "")
		}
		var per []string
		for _, n := range model.Marks {
			m, ok := res.MarkAt(n)
			per = append(per, cond(ok, func() string { return format.Num(m.PerField.V) }))
		}
		cells = []string{formula(res.Fit), call, strings.Join(per, " · "), k, format.Percent(100 * res.Forms[res.Fit.Form]), resid(res)}
	}
	if !heldOut {
		return slices.Delete(cells, 4, 5)
	}
	return cells
}

// formula is a fit's form with its fitted parameters.
func formula(f model.Fit) string {
	c := f.Coef
	term := func(x float64) string {
		if x < 0 {
			return "− " + format.Num(-x)
		}
		return "+ " + format.Num(x)
	}
	switch {
	case f.Form == model.Power:
		return fmt.Sprintf("a %s·n^%.2f", term(c[1].V), c[2].V)
	case f.Form == model.NLogN:
		return "a " + term(c[1].V) + "·n " + term(c[2].V) + "·n·ln n"
	case f.Form == model.Decades:
		return "a + n × " + format.Num(c[1].V) + " | " + format.Num(c[2].V) + " | " + format.Num(c[3].V) + " by decade"
	case len(c) == 2:
		return "a " + term(c[1].V) + "·n"
	}
	return model.Linear.String()
}

// coef is a line's coefficient i with its interval.
func coef(res model.Result, i int) string {
	return cond(res.OK(), func() string { return format.CI(res.Fit.Coef[i], format.Num, "") })
}

// resid is a fit's largest residual and where it falls, marked when the fit is flagged.
func resid(res model.Result) string {
	if !res.OK() {
		return format.None
	}
	s := format.Percent(100*res.Fit.MaxResid) + " (" + res.Fit.Worst + ")"
	if res.Fit.Flagged() {
		s += " ⚠"
	}
	return s
}

// cond is f's cell when ok, else format.None.
func cond(ok bool, f func() string) string {
	if !ok {
		return format.None
	}
	return f()
}

// A perCall is "Per call or per field": per operation, the base's cost of
// a call and its share of the cost at model.Marks, against the lowest call
// and the lowest cost per field of any codec; and the range of the base's
// share at the smallest and the largest mark over the operations.
type perCall struct {
	Table        Table
	Small, Large string // the range of shares, "" when no operation has one
}

func newPerCall(a *model.Analysis) perCall {
	first, last := model.Marks[0], slices.Max(model.Marks)
	pc := perCall{Table: Table{Cols: []string{"operation", ">" + rawfmt.Base + ": a call", ">its share at " + marks(" · ") + " fields", ">lowest call", ">lowest per field at " + format.Num(last) + " fields"}}}
	var small, large []float64
	for _, op := range a.Run.Ops {
		var base *model.Result
		lowCall, lowField := "", ""
		var call, field model.Estimate
		for _, row := range a.Model {
			res := row.Fits[model.PerField]
			if row.Op != op {
				continue
			}
			if row.Codec == rawfmt.Base {
				base = &res
			}
			if res.Usable() {
				if c, ok := res.Fit.Call(); ok && (lowCall == "" || c.V < call.V) {
					call, lowCall = c, row.Codec
				}
			}
			if m, ok := res.MarkAt(last); ok && (lowField == "" || m.PerField.V < field.V) {
				field, lowField = m.PerField, row.Codec
			}
		}
		if base == nil && lowCall == "" && lowField == "" {
			continue
		}
		c1, c2 := format.None, format.None
		switch {
		case base == nil:
		case !base.OK():
			c1 = "no fit"
		case base.Fit.Flagged():
			c1 = "flagged: misses " + base.Fit.Worst + " by " + format.Percent(100*base.Fit.MaxResid)
		default:
			c, ok := base.Fit.Call()
			if c1 = "unresolved"; !ok {
				break
			}
			c1 = format.DurationCI(c)
			var shares []string
			for _, n := range model.Marks {
				m, ok := base.MarkAt(n)
				shares = append(shares, cond(ok, func() string { return format.Percent(100 * m.CallShare.V) }))
				if ok && n == first {
					small = append(small, 100*m.CallShare.V)
				}
				if ok && n == last {
					large = append(large, 100*m.CallShare.V)
				}
			}
			c2 = strings.Join(shares, " · ")
		}
		pc.Table.add(op, c1, c2, cond(lowCall != "", func() string { return lowCall + " " + format.DurationCI(call) }),
			cond(lowField != "", func() string { return lowField + " " + format.Duration(field.V) }))
	}
	if len(small) > 0 && len(large) > 0 {
		pc.Small, pc.Large = percentRange(small), percentRange(large)
	}
	return pc
}

// percentRange is the range of percentages, one value when they print alike.
func percentRange(x []float64) string {
	lo, hi := format.Percent(slices.Min(x)), format.Percent(slices.Max(x))
	if lo == hi {
		return lo
	}
	return lo + " to " + hi
}

// modelCSV is model.csv: every fit, one row per coefficient, with its form,
// residual, flag and, for curves, every form's held-out error and the power
// form's exponent as "k (power form)".
func modelCSV(rows []model.Row) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	header := []string{"op", "codec", "fit", "unit", "form", "points", "max_resid", "worst_fixture", "flagged"}
	for f := range model.NumForms {
		header = append(header, "held_out "+f.String())
	}
	w.Write(append(header, "coefficient", "estimate", "ci_lo", "ci_hi"))
	for _, row := range rows {
		for i, res := range row.Fits {
			if !res.OK() {
				continue
			}
			spec, fit := model.Specs[i], res.Fit
			form, names := "a + Σ c·x", []string{"a"}
			if spec.Curve {
				form, names = fit.Form.String(), append(names, fit.Form.Params()...)
			} else {
				for _, x := range spec.Xs {
					names = append(names, "per-"+x.Name)
				}
			}
			head := []string{row.Op, row.Codec, spec.Name, spec.Unit, form, strconv.Itoa(fit.Points), csvFloat(fit.MaxResid), fit.Worst, strconv.FormatBool(fit.Flagged())}
			for _, e := range res.Forms {
				if !spec.Curve {
					e = math.NaN()
				}
				head = append(head, csvFloat(e))
			}
			for j, c := range fit.Coef {
				w.Write(slices.Concat(head, []string{names[j]}, csvEstimate(c)))
			}
			if spec.Curve && fit.Form != model.Power && finite(res.K.V) {
				w.Write(slices.Concat(head, []string{"k (power form)"}, csvEstimate(res.K)))
			}
		}
	}
	w.Flush()
	return b.Bytes()
}

// csvEstimate is an estimate and its interval, empty where undefined.
func csvEstimate(e model.Estimate) []string {
	if !e.HasCI {
		return []string{csvFloat(e.V), "", ""}
	}
	return []string{csvFloat(e.V), csvFloat(e.Lo), csvFloat(e.Hi)}
}

// csvFloat formats a float for model.csv: empty when undefined.
func csvFloat(x float64) string {
	if !finite(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
