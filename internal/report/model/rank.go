package model

import (
	"cmp"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Standing is one configuration's place on one operation and document.
type Standing struct {
	Codec string
	Rank  int  // the competition rank
	Tied  bool // shared

	Ns        Estimate // ns/op
	Ratio     Estimate // median ns/op over the reference's, with its bootstrap interval
	B, Allocs Estimate // B/op and allocs/op, not Known without them
}

// Standings ranks the codecs that ran op on fixture by median ns/op (see
// RankTies), ratios against ref, the operation's base (BaseOf). Without a
// base on fixture, ref is "" and the standings are in median order, with
// neither rank nor ratio: nothing is ranked against one of its own.
func Standings(r *load.Run, op, fixture string) (ref string, out []Standing) {
	ref = BaseOf(r, op)
	den := r.Ns(op, fixture, ref)
	for _, codec := range r.CodecNames {
		ns := r.Ns(op, fixture, codec)
		if len(ns) == 0 {
			continue
		}
		s := Standing{Codec: codec, Ns: Summarize(ns)}
		var ok bool
		if s.Ratio, ok = Ratio(ns, den); !ok {
			s.Ratio = Summarize(nil) // none, printed as such
		}
		cell := rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}
		s.B, s.Allocs = Summarize(r.Samples(cell, rawfmt.UnitB)), Summarize(r.Samples(cell, rawfmt.UnitAllocs))
		out = append(out, s)
	}
	if len(den) == 0 {
		slices.SortStableFunc(out, func(a, b Standing) int { return cmp.Compare(a.Ns.V, b.Ns.V) })
		return "", out
	}
	RankTies(out)
	return ref, out
}

// RankTies sorts standings by median ns/op, stably, and ranks as one group
// the fastest ungrouped one with every one whose Ratio overlaps its.
func RankTies(s []Standing) {
	slices.SortStableFunc(s, func(a, b Standing) int { return cmp.Compare(a.Ns.V, b.Ns.V) })
	for first := 0; first < len(s); {
		end := first + 1
		for end < len(s) && overlap(s[first].Ratio, s[end].Ratio) {
			end++
		}
		for i := first; i < end; i++ {
			s[i].Rank, s[i].Tied = first+1, end-first > 1
		}
		first = end
	}
}

func overlap(a, b Estimate) bool {
	alo, ahi := bounds(a)
	blo, bhi := bounds(b)
	return alo <= bhi && blo <= ahi
}

// bounds is e's interval, or its value twice when it has none.
func bounds(e Estimate) (lo, hi float64) {
	if !e.HasCI {
		return e.V, e.V
	}
	return e.Lo, e.Hi
}
