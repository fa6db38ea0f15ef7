package render

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// decisionDocs are the documents the rankings are made on.
var decisionDocs = []string{load.ArticleSmall, load.ArticleLarge, load.Fields.Prefix + "1000", load.Realworld.Prefix + "twitter_status"}

// A ranking is one operation's standings on one document; the operation's
// page tables them, the advice and the answer pick from them.
type ranking struct {
	Op, Fixture string
	Ref         string // the operation's base, the ratios' reference; "" when it has none: no ranks
	Standings   []model.Standing
	Std         int // the fastest std configuration's index in Standings, -1 when none ran
	// How many times faster than the base the fastest std configuration and
	// the fastest of all are: the base's median over theirs, bootstrapped.
	StdX, TopX model.Estimate
}

// rankings ranks every operation's configurations on the decisionDocs the
// run has: by time with GC where the run timed collection (model.Standing).
func rankings(r *load.Run) []ranking {
	var out []ranking
	for _, op := range r.Ops {
		for _, f := range decisionDocs {
			ref, s := model.Standings(r, op, f)
			if len(s) == 0 {
				continue
			}
			rk := ranking{Op: op, Fixture: f, Ref: ref, Standings: s}
			rk.Std = slices.IndexFunc(s, func(s model.Standing) bool { return priceOf(r, s.Codec).std() })
			rk.TopX, rk.StdX = speedup(r, rk, 0), speedup(r, rk, rk.Std)
			out = append(out, rk)
		}
	}
	return out
}

// speedup is the base's cost over standing i's (model.Charged), NaN without either.
func speedup(r *load.Run, rk ranking, i int) model.Estimate {
	if i >= 0 && rk.Ref != "" {
		ref, _ := model.Charged(r, rawfmt.Cell{Op: rk.Op, Fixture: rk.Fixture, Codec: rk.Ref})
		codec, _ := model.Charged(r, rawfmt.Cell{Op: rk.Op, Fixture: rk.Fixture, Codec: rk.Standings[i].Codec})
		if e, ok := model.Ratio(ref, codec); ok {
			return e
		}
	}
	return model.Summarize(nil)
}

// rank is a standing's rank, =2 when shared; format.None without a base.
func rank(s model.Standing) string {
	switch {
	case s.Rank == 0:
		return format.None
	case s.Tied:
		return "=" + strconv.Itoa(s.Rank)
	}
	return strconv.Itoa(s.Rank)
}

// An answer is the top of the machine page: per operation and document,
// the fastest std configuration and the fastest of all.
type answer struct {
	Go, Heap string // with Heap, ranked by time with GC at that heap
	Table    Table
	Unbased  string // the operations no base ran, escaped
}

func newAnswer(r *load.Run, ranks []ranking) answer {
	a := answer{Go: config(r, rawfmt.KeyGo)}
	if _, ok := model.GCOf(r, model.ServiceHeap(r)); ok {
		a.Heap = model.ServiceHeap(r)
	}
	a.Table.Cols = []string{"operation", "base", "document", "fastest std (rank)", ">faster", "fastest of all", ">faster"}
	last, unbased := "", []string(nil)
	for _, rk := range ranks {
		op, base := "", ""
		if rk.Op != last {
			op, base, last = code(rk.Op), cmp.Or(rk.Ref, "none"), rk.Op
		}
		std := "none ran it"
		if rk.Std >= 0 {
			s := rk.Standings[rk.Std]
			std = s.Codec + " (" + rank(s) + ")"
		}
		top := rk.Standings[0].Codec
		if c := priceOf(r, top).Category; c != "" {
			top += " (" + c + ")"
		}
		a.Table.add(op, base, rk.Fixture, std, format.RatioCI(rk.StdX), top, format.RatioCI(rk.TopX))
		if rk.Ref == "" && !slices.Contains(unbased, markdown.Escape(rk.Op)) {
			unbased = append(unbased, markdown.Escape(rk.Op))
		}
	}
	a.Unbased = strings.Join(unbased, ", ")
	return a
}

// A decision is an operation's "Fastest first": every configuration that
// ran it on the decisionDocs, ranked against the operation's base (opPage.OpBase).
type decision struct {
	Docs  []string // the ranked documents, with their sizes
	Miss  bool     // some cell has too few samples for an interval
	GC    bool     // ranked by time with GC, codec time beside it
	Moves string   // where ranking by codec time alone changes places, "" where it changes none
	Table Table
}

func newDecision(r *load.Run, op string, ranks []ranking) decision {
	var d decision
	base := cmp.Or(model.BaseOf(r, op), "base")
	d.Table.Cols = []string{"document", ">rank", "configuration", ">ns/op", ">× " + base, ">B/op", ">allocs/op", "category"}
	var moves []string
	for _, rk := range ranks {
		if rk.Op != op {
			continue
		}
		if d.GC = d.GC || slices.ContainsFunc(rk.Standings, func(s model.Standing) bool { return s.HasGC }); d.GC {
			d.Table.Cols = []string{"document", ">rank", "configuration", ">codec time", ">with GC", ">× " + base + ", with GC", ">B/op", ">allocs/op", "category"}
		}
		var moved []string
		for _, s := range rk.Standings {
			if s.TimeRank != s.Rank {
				moved = append(moved, markdown.Escape(s.Codec)+" "+strconv.Itoa(s.TimeRank)+" → "+strconv.Itoa(s.Rank))
			}
		}
		if len(moved) > 0 {
			moves = append(moves, rk.Fixture+": "+strings.Join(moved, ", "))
		}
		doc := code(rk.Fixture)
		if s := r.Sizes[rk.Fixture]; s.HasFields && s.HasDocBytes {
			doc += " (" + format.Num(s.Fields) + " fields, " + format.Bytes(s.DocBytes) + ")"
		}
		d.Docs = append(d.Docs, doc)
		for i, s := range rk.Standings {
			_, ratio := s.Key()
			d.Miss = d.Miss || rk.Ref != "" && !ratio.HasCI
			fixture := format.If(i == 0, rk.Fixture) // the document, on its first row
			cells := []string{fixture, rank(s), s.Codec, format.Duration(s.Ns.V), format.RatioCI(s.Ratio)}
			if d.GC {
				cells = append(cells[:4], format.DurationCI(s.GC), format.RatioCI(s.RatioGC))
			}
			d.Table.add(append(cells, format.Bytes(s.B.V), format.Num(s.Allocs.V), cmp.Or(priceOf(r, s.Codec).Category, format.None))...)
		}
	}
	d.Moves = strings.Join(moves, "; ")
	return d
}

// A win is who is fastest on the documents of one operation: the
// configurations sharing the first place, and on which documents.
type win struct {
	Names  []string // tied for first, fastest median first
	Docs   []string
	Ratios []string // the first name's ratio on each of Docs, formatted
}

// addWin files the first places of a ranking under their names.
func addWin(wins []win, names []string, fixture string, ratio float64) []win {
	i := slices.IndexFunc(wins, func(w win) bool { return slices.Equal(w.Names, names) })
	if i < 0 {
		wins, i = append(wins, win{Names: names}), len(wins)
	}
	wins[i].Docs = append(wins[i].Docs, fixture)
	wins[i].Ratios = append(wins[i].Ratios, format.Ratio(ratio))
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
		out = append(out, escapeAll(w.Names, " = ")+" on "+docs+" ("+strings.Join(w.Ratios, ", ")+")")
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
				if p := priceOf(r, name); !p.std() && !slices.ContainsFunc(a.Paid, func(q price) bool { return q.Name == name }) {
					a.Paid = append(a.Paid, p)
				}
			}
		}
		out = append(out, a)
	}
	return out
}

// A price is what one configuration gives up against encoding/json, from
// the run's codec and skips lines (a run without skips lines says so); a
// codec without a codec line has only its Name.
type price rawfmt.CodecConfig

func priceOf(r *load.Run, codec string) price {
	c, _ := r.Codec(codec)
	c.Name = codec
	return price(c)
}

// std reports whether the configuration is of category std in the run.
func (p price) std() bool { return p.Category == rawfmt.CategoryStd }

// Label is the configuration's name and category, escaped.
func (p price) Label() string {
	if p.Category == "" {
		return markdown.Escape(p.Name)
	}
	return markdown.Escape(p.Name) + " (" + markdown.Escape(p.Category) + ")"
}

// GivesUp is what the configuration gives up, in one short line that links
// its items on configurations.md.
func (p price) GivesUp() string {
	switch {
	case p.Name == rawfmt.Base:
		return "nothing (it is the reference)"
	case !p.HasSkips:
		return "not recorded in this run"
	case len(p.Skips) == 0:
		return "nothing the probes check"
	}
	return format.Plural(len(p.Skips), "difference") + " from " + rawfmt.Base + ", [listed](configurations.md#" + anchor(p.Name) + ")"
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
			g.Lines[len(g.Lines)-1] += ": " + p.GivesUp()
		}
	}
	return g
}
