package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// notResolved stands for a cost whose interval reaches zero or lies below.
const notResolved = "not resolved"

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
		s += " ⚠"
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
