package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A win is who is fastest on the documents of one operation: the
// configurations sharing the first place, and on which documents.
type win struct {
	names  []string // tied for first, fastest median first
	docs   []string
	ratios []float64 // the first name's ratio on each of docs
}

func (w win) String() string {
	docs := joinAnd(w.docs)
	if len(w.docs) == len(decisionDocs) {
		docs = "every document"
	}
	r := make([]string, len(w.ratios))
	for i, x := range w.ratios {
		r[i] = format.Ratio(x)
	}
	return fmt.Sprintf("%s on %s (%s)", escapeAll(w.names, " = "), docs, strings.Join(r, ", "))
}

// addWin files the first places of a ranking under their names.
func addWin(wins []win, names []string, fixture string, ratio float64) []win {
	i := slices.IndexFunc(wins, func(w win) bool { return slices.Equal(w.names, names) })
	if i < 0 {
		wins, i = append(wins, win{names: names}), len(wins)
	}
	wins[i].docs = append(wins[i].docs, fixture)
	wins[i].ratios = append(wins[i].ratios, ratio)
	return wins
}

// winsText joins wins as prose.
func winsText(wins []win) string {
	s := make([]string, len(wins))
	for i, w := range wins {
		s[i] = w.String()
	}
	return strings.Join(s, "; ")
}

// chooseView is what templates/choose.tmpl shows: per operation, which
// configuration to choose, then the cost of a call against the cost of
// the fields.
type chooseView struct {
	suite
	Ranked  bool
	Items   []string
	PerCall perCallView
}

// choose writes, per operation, the fastest configuration of category std
// and whatever is faster than it, with what that gives up; then the cost of
// a call against the cost of the fields.
func choose(d *doc, a *model.Analysis, rs []ranking) {
	v := chooseView{Ranked: len(rs) > 0, PerCall: perCall(a)}
	for _, op := range a.Run.Ops {
		if s := chooseOp(a.Run, rs, op); s != "" {
			v.Items = append(v.Items, s)
		}
	}
	d.section("choose", v)
}

// chooseOp is the advice for one operation, or "" when it has no ranking.
func chooseOp(r *load.Run, rs []ranking, op string) string {
	var std, faster []win
	var docs, first []string // ranked documents; those where the std configuration is first
	ref := ""
	for _, rk := range rs {
		if rk.op != op {
			continue
		}
		ref = rk.ref
		docs = append(docs, rk.fixture)
		if i := slices.IndexFunc(rk.standings, func(s model.Standing) bool { return priceOf(r, s.Codec).std() }); i >= 0 {
			s := rk.standings[i]
			std = addWin(std, []string{s.Codec}, rk.fixture, s.Ratio.V)
			if s.Rank == 1 {
				first = append(first, rk.fixture)
				continue
			}
		}
		var top []string
		for _, s := range rk.standings {
			if s.Rank == 1 {
				top = append(top, s.Codec)
			}
		}
		faster = addWin(faster, top, rk.fixture, rk.standings[0].Ratio.V)
	}
	if len(docs) == 0 {
		return ""
	}
	s := esc("`"+op+"`") + " — "
	switch {
	case len(std) == 0:
		s += "no configuration of category std ran it."
	case len(first) == len(docs):
		s += "fastest std: " + winsText(std) + ", and nothing is faster."
	case len(first) > 0:
		s += "fastest std: " + winsText(std) + ", sharing the first rank on " + joinAnd(first) + "."
	default:
		s += "fastest std: " + winsText(std) + "."
	}
	switch {
	case len(faster) > 0 && len(std) == 0:
		s += " Fastest: " + winsText(faster) + "."
	case len(faster) > 0:
		s += " Faster: " + winsText(faster) + "."
	}
	if ref != rawfmt.Base {
		s += fmt.Sprintf(" Ratios are to %s: %s has no cells of this operation.", esc(ref), rawfmt.Base)
	}
	var paid []string
	for _, w := range faster {
		for _, name := range w.names {
			if p := priceOf(r, name); !p.std() && !slices.Contains(paid, name) {
				paid = append(paid, name)
				s += " " + p.label() + " gives up: " + p.String() + "."
			}
		}
	}
	return s
}

// perCallView is what templates/percall.tmpl shows: per operation, what a
// call costs against what the fields cost.
type perCallView struct {
	suite
	Marks  string
	Cols   []string
	Rows   [][]string
	Shares *struct{ Small, SmallAt, Large, LargeAt string }
}

// perCall is, per operation, what a call costs against what the fields
// cost, from the cost curves of the model.
func perCall(a *model.Analysis) perCallView {
	marks := make([]string, len(model.Marks))
	for i, m := range model.Marks {
		marks[i] = format.Num(m)
	}
	v := perCallView{
		Marks: joinAnd(marks),
		Cols: []string{"operation", ">" + rawfmt.Base + ": a call", ">its share at " + strings.Join(marks, " · ") + " fields",
			">lowest call", ">lowest per field at " + format.Num(perFieldMark) + " fields"},
	}
	small, large := shareRange{}, shareRange{}
	for _, op := range a.Run.Ops {
		var base *model.Result
		var call, field struct {
			codec string
			v     model.Estimate
		}
		for _, row := range a.Model {
			if row.Op != op {
				continue
			}
			res := row.Fits[model.PerField]
			if row.Codec == rawfmt.Base {
				base = &res
			}
			if c, ok := resolvedCall(res); ok && (call.codec == "" || c.V < call.v.V) {
				call.codec, call.v = row.Codec, c
			}
			if m, ok := res.MarkAt(perFieldMark); ok && (field.codec == "" || m.PerField.V < field.v.V) {
				field.codec, field.v = row.Codec, m.PerField
			}
		}
		if call.codec == "" && field.codec == "" && base == nil {
			continue
		}
		row := []string{op, format.None, format.None, format.None, format.None}
		if base != nil {
			row[1], row[2] = callText(*base)
			if _, ok := resolvedCall(*base); ok {
				small.add(*base, model.Marks[0])
				large.add(*base, perFieldMark)
			}
		}
		if call.codec != "" {
			row[3] = call.codec + " " + format.DurationCI(call.v)
		}
		if field.codec != "" {
			row[4] = field.codec + " " + format.Duration(field.v.V)
		}
		v.Rows = append(v.Rows, row)
	}
	if small.n > 0 && large.n > 0 {
		v.Shares = &struct{ Small, SmallAt, Large, LargeAt string }{small.String(), format.Num(model.Marks[0]), large.String(), format.Num(perFieldMark)}
	}
	return v
}

// perFieldMark is the size at which the cost per field is compared: the
// largest of model.Marks.
var perFieldMark = slices.Max(model.Marks)

// resolvedCall is a curve's cost of a call when it is quoted: the fit is
// usable (not flagged) and the call's interval lies above zero.
func resolvedCall(res model.Result) (model.Estimate, bool) {
	if !res.Usable() {
		return model.Estimate{}, false
	}
	return res.Fit.Call()
}

// callText is a curve's cost of a call and its shares at model.Marks, or
// why they are not quoted.
func callText(res model.Result) (call, shares string) {
	c, ok := resolvedCall(res)
	switch {
	case !res.OK():
		return "no fit", format.None
	case res.Fit.Flagged():
		return fmt.Sprintf("flagged: misses %s by %s", res.Fit.Worst, format.Percent(100*res.Fit.MaxResid)), format.None
	case !ok:
		return "unresolved", format.None
	}
	s := make([]string, len(model.Marks))
	for i, m := range model.Marks {
		s[i] = format.None
		if mk, ok := res.MarkAt(m); ok {
			s[i] = format.Percent(100 * mk.CallShare.V)
		}
	}
	return format.DurationCI(c), strings.Join(s, " · ")
}

// A shareRange is the range of the call's share at one size over several
// curves.
type shareRange struct {
	lo, hi float64
	n      int
}

func (s *shareRange) add(res model.Result, fields float64) {
	m, ok := res.MarkAt(fields)
	if !ok {
		return
	}
	v := 100 * m.CallShare.V
	if s.n == 0 || v < s.lo {
		s.lo = v
	}
	if s.n == 0 || v > s.hi {
		s.hi = v
	}
	s.n++
}

func (s shareRange) String() string {
	if format.Percent(s.lo) == format.Percent(s.hi) {
		return format.Percent(s.lo)
	}
	return format.Percent(s.lo) + " to " + format.Percent(s.hi)
}
