package model

import (
	"cmp"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Standing is one configuration's place among the configurations that
// ran the same operation on the same document.
type Standing struct {
	Codec string
	// Rank is the competition rank: 1 plus the number of configurations
	// in faster groups. Tied is true when the configuration shares it.
	Rank int
	Tied bool

	Ns              Summary  // ns/op
	Ratio           Estimate // median ns/op over the reference's, with its bootstrap interval
	B, Allocs       Summary  // B/op and allocs/op, when HasB and HasAllocs
	HasB, HasAllocs bool
}

// Standings ranks the codecs that ran op on fixture by median ns/op. The
// floor is no codec and takes no place. ref is the configuration every
// ratio is against: rawfmt.Base when it ran the cell, else the first codec
// in report order that did, as in the benchstat tables; "" when no codec
// did.
//
// Configurations whose ratio intervals overlap are not told apart: walking
// from the fastest median, a configuration joins the group of the fastest
// configuration not yet grouped when its interval overlaps that one's, and
// every member of a group shares the group's rank (see RankTies). The
// reference's own ratio interval bootstraps it against itself: the spread of
// its median.
func Standings(r *load.Run, op, fixture string) (ref string, out []Standing) {
	for _, codec := range r.CodecNames {
		if len(r.Ns(op, fixture, codec)) > 0 {
			ref = cmp.Or(ref, codec)
			if codec == rawfmt.Base {
				ref = codec
			}
		}
	}
	if ref == "" {
		return "", nil
	}
	den := r.Ns(op, fixture, ref)
	for _, codec := range r.CodecNames {
		ns := r.Ns(op, fixture, codec)
		if len(ns) == 0 {
			continue
		}
		s := Standing{Codec: codec, Ns: Summarize(ns)}
		s.Ratio, _ = Ratio(ns, den)
		cell := rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}
		if v := r.Samples(cell, rawfmt.UnitB); len(v) > 0 {
			s.B, s.HasB = Summarize(v), true
		}
		if v := r.Samples(cell, rawfmt.UnitAllocs); len(v) > 0 {
			s.Allocs, s.HasAllocs = Summarize(v), true
		}
		out = append(out, s)
	}
	RankTies(out)
	return ref, out
}

// RankTies sorts standings by median ns/op (keeping the given order among equal
// medians) and sets each one's Rank and Tied: a group starts at the fastest
// standing not yet grouped and takes every following one whose Ratio
// interval overlaps the first one's; an estimate without an interval is the
// single point of its value.
func RankTies(s []Standing) {
	slices.SortStableFunc(s, func(a, b Standing) int { return cmp.Compare(a.Ns.Center, b.Ns.Center) })
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

// overlap reports whether the intervals of a and b share a point.
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
