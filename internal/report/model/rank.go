package model

import (
	"cmp"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Standing is one configuration's place on one operation and document.
type Standing struct {
	Codec    string
	Rank     int  // the competition rank
	Tied     bool // shared
	TimeRank int  // the rank by codec time alone: Rank in a run without GC figures

	Ns        Estimate // ns/op
	Ratio     Estimate // median ns/op over the reference's, with its bootstrap interval
	B, Allocs Estimate // B/op and allocs/op, not Known without them

	// With the collection its allocation causes (GCOf at the run's
	// ServiceHeap), where the run timed it; RankTies ranks by it then.
	GC, RatioGC Estimate
	HasGC       bool
}

// Key is what a standing is ranked by: its time with GC where known, else its time.
func (s Standing) Key() (Estimate, Estimate) {
	if s.HasGC {
		return s.GC, s.RatioGC
	}
	return s.Ns, s.Ratio
}

// Standings ranks the codecs that ran op on fixture by median ns/op (see
// RankTies), ratios against ref, the operation's base (BaseOf). Without a
// base on fixture, ref is "" and the standings are in median order, with
// neither rank nor ratio: nothing is ranked against one of its own.
func Standings(r *load.Run, op, fixture string) (ref string, out []Standing) {
	ref = BaseOf(r, op)
	den := Ns(r, op, fixture, ref)
	g, _ := GCOf(r, ServiceHeap(r)) // without, WithGC is not Known
	denGC := WithGC(r, rawfmt.Cell{Op: op, Fixture: fixture, Codec: ref}, g)
	for _, codec := range r.CodecNames {
		ns := Ns(r, op, fixture, codec)
		if !ns.Known() {
			continue
		}
		s := Standing{Codec: codec, Ns: ns.Estimate()}
		var ok bool
		if s.Ratio, ok = Ratio(ns, den); !ok {
			s.Ratio = Summarize(nil) // none, printed as such
		}
		cell := rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}
		s.B, s.Allocs = Summarize(r.Samples(cell, rawfmt.UnitB)), Summarize(r.Samples(cell, rawfmt.UnitAllocs))
		s.GC, s.RatioGC = Summarize(nil), Summarize(nil)
		if gc := WithGC(r, cell, g); gc.Known() {
			s.GC, s.HasGC = gc.Estimate(), true
			if e, ok := Ratio(gc, denGC); ok {
				s.RatioGC = e
			}
		}
		out = append(out, s)
	}
	if !den.Known() {
		slices.SortStableFunc(out, func(a, b Standing) int { return cmp.Compare(a.Ns.V, b.Ns.V) })
		return "", out
	}
	byTime := slices.Clone(out)
	for i := range byTime {
		byTime[i].HasGC = false
	}
	RankTies(byTime)
	RankTies(out)
	for i := range out {
		out[i].TimeRank = byTime[slices.IndexFunc(byTime, func(s Standing) bool { return s.Codec == out[i].Codec })].Rank
	}
	return ref, out
}

// RankTies sorts standings by their Key, stably, and ranks as one group
// the fastest ungrouped one with every one whose ratio overlaps its.
func RankTies(s []Standing) {
	slices.SortStableFunc(s, func(a, b Standing) int {
		ka, _ := a.Key()
		kb, _ := b.Key()
		return cmp.Compare(ka.V, kb.V)
	})
	for first := 0; first < len(s); {
		_, ref := s[first].Key()
		end := first + 1
		for ; end < len(s); end++ {
			if _, r := s[end].Key(); !overlap(ref, r) {
				break
			}
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

// CategoryV2 is the category the run's codec lines give rawfmt.V2Base, the
// base of an operation encoding/json does not run (get5): the standard
// library's encoding/json/v2, with encoding/json/jsontext for lazy reads.
const CategoryV2 = "v2"

// BaseOf is the configuration op's ratios are against in r: rawfmt.Base
// when it ran op, else rawfmt.V2Base when the run's codec line gives it category
// CategoryV2 and it ran op; "" when neither did, and nothing is ranked.
func BaseOf(r *load.Run, op string) string {
	if r.Has(op, rawfmt.Base) {
		return rawfmt.Base
	}
	if c, ok := r.Codec(rawfmt.V2Base); ok && c.Category == CategoryV2 && r.Has(op, rawfmt.V2Base) {
		return rawfmt.V2Base
	}
	return ""
}
