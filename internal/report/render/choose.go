package render

import (
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
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

// words says who wins where, as prose: "a = b on fields-0005 (0.5×)".
func words(wins []win) string {
	var out []string
	for _, w := range wins {
		docs := prose(w.Docs)
		if len(w.Docs) == len(decisionDocs) {
			docs = "every document"
		}
		ratios := make([]string, len(w.Ratios))
		for i, r := range w.Ratios {
			ratios[i] = format.Ratio(r)
		}
		out = append(out, escapeAll(w.Names, " = ")+" on "+docs+" ("+strings.Join(ratios, ", ")+")")
	}
	return strings.Join(out, "; ")
}

// An advice is "Which configuration for me" of one operation: the fastest
// std configuration and what is faster, with what that gives up.
type advice struct {
	Link        Link
	Std, Faster string // who wins (words), "" for none
	AllFirst    bool   // the std configuration is first on every ranked document
	First       string // the documents where it shares the first place, as prose
	Ref         string // the ratios' reference, escaped, when it is not rawfmt.Base
	Paid        []price
}

// choose is the advice for every operation with a ranking.
func choose(r *load.Run, rs []ranking) []advice {
	var out []advice
	for _, op := range r.Ops {
		var std, faster []win
		var docs, first []string
		ref := ""
		for _, rk := range rs {
			if rk.Op != op || rk.Ref == "" {
				continue
			}
			ref, docs = rk.Ref, append(docs, rk.Fixture)
			if rk.Std >= 0 {
				s := rk.Standings[rk.Std]
				_, ratio := s.Key()
				std = addWin(std, []string{s.Codec}, rk.Fixture, ratio.V)
				if s.Rank == 1 {
					first = append(first, rk.Fixture)
					continue
				}
			}
			var top []string
			for _, s := range rk.Standings {
				if s.Rank == 1 {
					top = append(top, s.Codec)
				}
			}
			_, ratio := rk.Standings[0].Key()
			faster = addWin(faster, top, rk.Fixture, ratio.V)
		}
		if len(docs) == 0 {
			continue
		}
		a := advice{Link: Link{code(op), opFile(op)}, Std: words(std), Faster: words(faster), AllFirst: len(first) == len(docs), First: prose(first)}
		if ref != rawfmt.Base {
			a.Ref = markdown.Escape(ref)
		}
		for _, w := range faster {
			for _, name := range w.Names {
				if p := priceOf(r, name); !p.std() && !slices.ContainsFunc(a.Paid, func(q price) bool { return q.Codec == name }) {
					a.Paid = append(a.Paid, p)
				}
			}
		}
		out = append(out, a)
	}
	return out
}

// A price is what one configuration gives up against encoding/json, from
// the run's codec and skips lines (a run without skips lines says so).
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

// Label is the configuration's name and category, escaped.
func (p price) Label() string {
	if p.Category == "" {
		return markdown.Escape(p.Codec)
	}
	return markdown.Escape(p.Codec) + " (" + markdown.Escape(p.Category) + ")"
}

// GivesUp is what the configuration gives up, every item.
func (p price) GivesUp() string {
	switch {
	case p.Codec == rawfmt.Base:
		return "nothing (it is the reference)"
	case !p.Recorded:
		return "not recorded in this run"
	case len(p.Skips) == 0:
		return "nothing the probes check"
	}
	return markdown.Escape(strings.Join(p.Skips, "; "))
}

// GivesUpShort is GivesUp in one short line, linking the items on configurations.md.
func (p price) GivesUpShort() string {
	if p.Codec == rawfmt.Base || !p.Recorded || len(p.Skips) == 0 {
		return p.GivesUp()
	}
	return format.Plural(len(p.Skips), "difference") + " from " + rawfmt.Base + ", [listed](configurations.md#" + anchor(p.Codec) + ")"
}

// gives is what every configuration of the run gives up.
type gives struct {
	Recorded bool   // the run has skips lines
	Probes   string // the semantic probes' page, from the page's directory
	Prices   []price
	Lines    []string // each configuration's label and, where recorded, what it gives up in short
}

func newGives(p Page) gives {
	r := p.A.Run
	g := gives{Recorded: slices.ContainsFunc(r.Codecs, func(c rawfmt.CodecConfig) bool { return c.HasSkips }), Probes: "../conformance/probes.md"}
	if p.RunPage {
		g.Probes = "../../" + g.Probes
	}
	for _, c := range r.CodecNames {
		p := priceOf(r, c)
		g.Prices, g.Lines = append(g.Prices, p), append(g.Lines, p.Label())
		if g.Recorded {
			g.Lines[len(g.Lines)-1] += ": " + p.GivesUpShort()
		}
	}
	return g
}
