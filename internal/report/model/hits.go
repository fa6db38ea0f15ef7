package model

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Saving is what a cheaper read of the hits saves against full decode-struct.
type Saving struct {
	PerHit, Pct Estimate
	Baseline    string // the codec whose decode-struct is the baseline, when not the row's own
	OK          bool
}

// A HitsRow is one codec at one hit count.
type HitsRow struct {
	Hits      int
	Codec     string
	Full      Estimate // decode-struct of the full document, ns/op; not Known without it
	Filtering Saving   // decode-struct of the filtered document: what _source filtering saves
	Proj      Saving   // decode-proj of the full document
	Get5      Saving   // get5 of the full document
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
			own := r.Ns(load.OpDecodeStruct, full, codec)
			row.Full = Summarize(own)
			row.Filtering = Save(own, r.Ns(load.OpDecodeStruct, filtered, codec), hits, "")
			row.Proj = Save(own, r.Ns(load.OpDecodeProj, full, codec), hits, "")
			baseline, baseName := own, ""
			if len(own) == 0 {
				baseline, baseName = r.Ns(load.OpDecodeStruct, full, rawfmt.Base), rawfmt.Base
			}
			row.Get5 = Save(baseline, r.Ns(load.OpGet5, full, codec), hits, baseName)
			if row.Full.Known() || row.Get5.OK {
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// Save is what cheaper saves against full at hits hits, baseline naming
// full's codec when it is not the row's own.
func Save(full, cheaper []float64, hits int, baseline string) Saving {
	if len(full) == 0 || len(cheaper) == 0 || Median(full) == 0 {
		return Saving{}
	}
	sets := [][]float64{full, cheaper}
	return Saving{
		PerHit:   Derive(sets, func(m []float64) float64 { return (m[0] - m[1]) / float64(hits) }),
		Pct:      Derive(sets, func(m []float64) float64 { return 100 * (1 - m[1]/m[0]) }),
		Baseline: baseline,
		OK:       true,
	}
}
