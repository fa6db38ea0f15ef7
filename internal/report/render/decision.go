package render

import (
	"cmp"
	"math"
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
	g, hasGC := model.GCOf(r, model.ServiceHeap(r))
	cost := func(op, f, codec string) model.Sample {
		if c := (rawfmt.Cell{Op: op, Fixture: f, Codec: codec}); hasGC {
			return model.WithGC(r, c, g)
		}
		return model.Ns(r, op, f, codec)
	}
	for _, op := range r.Ops {
		for _, f := range decisionDocs {
			ref, s := model.Standings(r, op, f)
			if len(s) == 0 {
				continue
			}
			rk := ranking{Op: op, Fixture: f, Ref: ref, Standings: s}
			rk.Std = slices.IndexFunc(s, func(s model.Standing) bool { return priceOf(r, s.Codec).std() })
			rk.TopX = speedup(rk, 0, cost)
			rk.StdX = speedup(rk, rk.Std, cost)
			out = append(out, rk)
		}
	}
	return out
}

// speedup is the base's cost over standing i's, NaN without either.
func speedup(rk ranking, i int, cost func(op, fixture, codec string) model.Sample) model.Estimate {
	none := model.Estimate{V: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	if i < 0 || rk.Ref == "" {
		return none
	}
	e, ok := model.Ratio(cost(rk.Op, rk.Fixture, rk.Ref), cost(rk.Op, rk.Fixture, rk.Standings[i].Codec))
	if !ok {
		return none
	}
	return e
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
	var a answer
	a.Go, _ = r.Value(rawfmt.KeyGo)
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
// ran it on the decisionDocs, ranked.
type decision struct {
	Docs  []string // the ranked documents, with their sizes
	Base  string   // the operation's base; "" when none ran it
	Miss  bool     // some cell has too few samples for an interval
	GC    bool     // ranked by time with GC, codec time beside it
	Moves string   // where ranking by codec time alone changes places, "" where it changes none
	Table Table
}

func newDecision(r *load.Run, op string, ranks []ranking) decision {
	d := decision{Base: model.BaseOf(r, op)}
	d.Table.Cols = []string{"document", ">rank", "configuration", ">ns/op", ">× " + cmp.Or(d.Base, "base"), ">B/op", ">allocs/op", "category"}
	var moves []string
	for _, rk := range ranks {
		if rk.Op != op {
			continue
		}
		if d.GC = d.GC || slices.ContainsFunc(rk.Standings, func(s model.Standing) bool { return s.HasGC }); d.GC {
			d.Table.Cols = []string{"document", ">rank", "configuration", ">codec time", ">with GC", ">× " + cmp.Or(d.Base, "base") + ", with GC", ">B/op", ">allocs/op", "category"}
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
			fixture := ""
			if i == 0 {
				fixture = rk.Fixture
			}
			cells := []string{fixture, rank(s), s.Codec, format.Duration(s.Ns.V), format.RatioCI(s.Ratio)}
			if d.GC {
				cells = append(cells[:4], format.DurationCI(s.GC), format.RatioCI(s.RatioGC))
			}
			d.Table.add(append(cells, format.Bytes(s.B.V), format.Num(s.Allocs.V), or(priceOf(r, s.Codec).Category))...)
		}
	}
	d.Moves = strings.Join(moves, "; ")
	return d
}
