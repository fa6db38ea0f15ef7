package render

import (
	"fmt"
	"slices"
	"strings"

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

// An advice is what templates/choose.tmpl says of one operation: the
// fastest configuration of category std and whatever is faster than it,
// with what that gives up.
type advice struct {
	Op, Ref     string
	Docs, First []string // the ranked documents; those where the std configuration is first
	Std, Faster []win
	Paid        []price // the configurations faster than std that are not std, each once
}

// advise is the advice for one operation, or nil when it has no ranking.
func advise(r *load.Run, rs []ranking, op string) *advice {
	a := &advice{Op: op}
	for _, rk := range rs {
		if rk.Op != op {
			continue
		}
		a.Ref, a.Docs = rk.Ref, append(a.Docs, rk.Fixture)
		if i := slices.IndexFunc(rk.Standings, func(s model.Standing) bool { return priceOf(r, s.Codec).std() }); i >= 0 {
			s := rk.Standings[i]
			a.Std = addWin(a.Std, []string{s.Codec}, rk.Fixture, s.Ratio.V)
			if s.Rank == 1 {
				a.First = append(a.First, rk.Fixture)
				continue
			}
		}
		var top []string
		for _, s := range rk.Standings {
			if s.Rank == 1 {
				top = append(top, s.Codec)
			}
		}
		a.Faster = addWin(a.Faster, top, rk.Fixture, rk.Standings[0].Ratio.V)
	}
	if len(a.Docs) == 0 {
		return nil
	}
	for _, w := range a.Faster {
		for _, name := range w.names {
			if p := priceOf(r, name); !p.std() && !slices.ContainsFunc(a.Paid, func(q price) bool { return q.codec == name }) {
				a.Paid = append(a.Paid, p)
			}
		}
	}
	return a
}

// perFieldMark is the size at which the cost per field is compared: the
// largest of model.Marks.
var perFieldMark = slices.Max(model.Marks)

// resolvedCall is a curve's cost of a call when it is quoted: the fit is
// usable (not flagged) and the call's interval lies above zero; else nil.
func resolvedCall(res model.Result) *model.Estimate {
	if !res.Usable() {
		return nil
	}
	return callOf(res)
}

// callShares is a curve's call's share of its cost at model.Marks.
func callShares(res model.Result) string {
	s := make([]string, len(model.Marks))
	for i, m := range model.Marks {
		s[i] = format.None
		if mk, ok := res.MarkAt(m); ok {
			s[i] = format.Percent(100 * mk.CallShare.V)
		}
	}
	return strings.Join(s, " · ")
}

// shareRange is the range of the call's shares over several curves.
func shareRange(lo, hi float64) string {
	if format.Percent(lo) == format.Percent(hi) {
		return format.Percent(lo)
	}
	return format.Percent(lo) + " to " + format.Percent(hi)
}
