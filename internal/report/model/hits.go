package model

import (
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Saving is what a cheaper read of the hits saves against full decode-struct.
type Saving struct {
	PerHit, Pct Estimate
	Baseline    string // the codec whose decode-struct is the baseline, when not the row's own
	OK          bool
}

// A Pair is one way of serving the hits, without and with `_source`
// filtering: each side is the sum of some cells' medians over the hit
// count, and Saves is their difference (Saving.Pct of the full side).
type Pair struct {
	Full, Filtered Estimate // per hit
	Saves          Saving
}

// A HitsRow is one codec at one hit count.
type HitsRow struct {
	Hits  int
	Codec string
	Full  Estimate // decode-struct of the full document, ns/op; not Known without it
	Proj  Saving   // decode-proj of the full document
	Get5  Saving   // get5 of the full document

	// Decode is decode-struct of es-hits-H-full against es-hits-H-source5,
	// what _source filtering saves; Roundtrip roundtrip of the two; API the
	// API's own pattern, decoding the full hits and encoding the five fields
	// it projects (decode-struct of full + encode-struct of source5), against
	// filtering at the source (decode-struct + encode-struct of source5).
	Decode, Roundtrip, API Pair
}

// Hits compares `_source` filtering with client-side projection.
func Hits(r *load.Run) []HitsRow {
	var rows []HitsRow
	for _, full := range r.Fixtures {
		hits, filtered, ok := load.HitsPair(full)
		if !ok {
			continue
		}
		for _, codec := range r.CodecNames {
			row := HitsRow{Hits: hits, Codec: codec}
			ns := func(op, fixture string) Sample { return Ns(r, op, fixture, codec) }
			own := ns(rawfmt.OpDecodeStruct, full)
			row.Full = own.Estimate()
			row.Proj = Save(own, ns(rawfmt.OpDecodeProj, full), hits, "")
			baseline, baseName := own, ""
			if !own.Known() {
				baseline, baseName = Ns(r, rawfmt.OpDecodeStruct, full, rawfmt.Base), rawfmt.Base
			}
			row.Get5 = Save(baseline, ns(rawfmt.OpGet5, full), hits, baseName)
			row.Decode = pair(hits, []Sample{own, ns(rawfmt.OpDecodeStruct, filtered)}, []int{0}, []int{1})
			row.Roundtrip = pair(hits, []Sample{ns(rawfmt.OpRoundtrip, full), ns(rawfmt.OpRoundtrip, filtered)}, []int{0}, []int{1})
			row.API = pair(hits, []Sample{own, ns(rawfmt.OpDecodeStruct, filtered), ns(rawfmt.OpEncodeStruct, filtered)}, []int{0, 2}, []int{1, 2})
			if row.Full.Known() || row.Get5.OK || row.Roundtrip.Saves.OK {
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// pair sums the medians of the sets full and filtered index, per hit, and
// their difference. One bootstrap (Derive's) gives all four figures their
// intervals, each draw resampling every set once, so a cell on both sides
// cancels from the saving within every draw.
func pair(hits int, sets []Sample, full, filtered []int) Pair {
	if slices.ContainsFunc(sets, func(s Sample) bool { return !s.Known() }) || sets[full[0]].Point == 0 {
		return Pair{}
	}
	sum := func(m []float64, of []int) float64 {
		var s float64
		for _, i := range of {
			s += m[i]
		}
		return s
	}
	h := float64(hits)
	e := derive(sets, 4, func(m, out []float64) {
		f, g := sum(m, full), sum(m, filtered)
		out[0], out[1], out[2], out[3] = f/h, g/h, (f-g)/h, 100*(1-g/f)
	})
	return Pair{Full: e[0], Filtered: e[1], Saves: Saving{PerHit: e[2], Pct: e[3], OK: true}}
}

// HitsOps are the operations of which r has cells on `es-hits-*` documents.
func HitsOps(r *load.Run) []string {
	return slices.DeleteFunc(slices.Clone(r.Ops), func(op string) bool {
		return !slices.ContainsFunc(r.FixturesOf(load.ESHits), func(f string) bool {
			return slices.ContainsFunc(r.CodecNames, func(c string) bool { return len(r.Ns(op, f, c)) > 0 })
		})
	})
}

// Save is what cheaper saves against full at hits hits, baseline naming
// full's codec when it is not the row's own.
func Save(full, cheaper Sample, hits int, baseline string) Saving {
	s := pair(hits, []Sample{full, cheaper}, []int{0}, []int{1}).Saves
	if s.OK {
		s.Baseline = baseline
	}
	return s
}
