package render

import (
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A win is who is fastest on the documents of one operation: the
// configurations sharing the first place, and on which documents.
type win struct {
	Names  []string // tied for first, fastest median first
	Docs   []string
	Ratios []float64 // the first name's ratio on each of Docs
}

// addWin files the first places of a ranking under their names.
func addWin(wins []win, names []string, fixture string, ratio float64) []win {
	i := slices.IndexFunc(wins, func(w win) bool { return slices.Equal(w.Names, names) })
	if i < 0 {
		wins, i = append(wins, win{Names: names}), len(wins)
	}
	wins[i].Docs = append(wins[i].Docs, fixture)
	wins[i].Ratios = append(wins[i].Ratios, ratio)
	return wins
}

// An advice is choose.tmpl's for one operation: the fastest std
// configuration and what is faster, with what that gives up.
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
		if rk.Op != op || rk.Ref == "" {
			continue
		}
		a.Ref, a.Docs = rk.Ref, append(a.Docs, rk.Fixture)
		if rk.Std >= 0 {
			s := rk.Standings[rk.Std]
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
		for _, name := range w.Names {
			if p := priceOf(r, name); !p.std() && !slices.ContainsFunc(a.Paid, func(q price) bool { return q.Codec == name }) {
				a.Paid = append(a.Paid, p)
			}
		}
	}
	return a
}

// A price is what one configuration gives up against encoding/json, from
// the run's codec and skips lines (a run without skips lines says so);
// cells.tmpl words it ("givesUp") and names it ("label").
type price struct {
	Codec    string
	Category string   // from its codec line; "" when it has none
	Skips    []string // from its skips line
	Recorded bool     // the run has its skips line
}

func priceOf(r *load.Run, codec string) price {
	p := price{Codec: codec}
	if c, ok := r.Codec(codec); ok {
		p.Category, p.Skips, p.Recorded = c.Category, c.Skips, c.HasSkips
	}
	return p
}

// std reports whether the configuration is of category std in the run.
func (p price) std() bool { return p.Category == rawfmt.CategoryStd }
