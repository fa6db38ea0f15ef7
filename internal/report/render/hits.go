package render

import (
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// hits is "`_source` filtering against client-side projection": what
// filtering saves each codec per hit when it decodes, round-trips and
// serves the hits as an API does, against what a client can do alone.
type hits struct {
	Rows                           int    // codecs × hit counts with a figure
	Ops                            string // the operations of the run's es-hits cells, without rows
	Decode, Roundtrip, API, Client Table
	Footnote                       bool // a codec's lazy read is against the base's decode
}

func newHits(a *model.Analysis) hits {
	h := hits{Rows: len(a.Hits), Ops: strings.Join(model.HitsOps(a.Run), ", ")}
	cols := []string{">hits", "codec", ">full, per hit", ">filtered, per hit", ">filtering saves, per hit", ">saves"}
	h.Decode.Cols, h.Roundtrip.Cols, h.API.Cols = cols, cols, cols
	h.Client.Cols = []string{">hits", "codec", ">" + load.OpDecodeStruct + ", per hit", ">`_source` filtered saves", ">" + load.OpDecodeProj + " saves", ">" + load.OpGet5 + " saves"}
	for _, row := range a.Hits {
		n := strconv.Itoa(row.Hits)
		for _, p := range []struct {
			t    *Table
			pair model.Pair
		}{{&h.Decode, row.Decode}, {&h.Roundtrip, row.Roundtrip}, {&h.API, row.API}} {
			if p.pair.Saves.OK {
				p.t.add(n, row.Codec, format.DurationCI(p.pair.Full), format.DurationCI(p.pair.Filtered), format.DurationCI(p.pair.Saves.PerHit), format.PercentCI(p.pair.Saves.Pct))
			}
		}
		get5 := saving(row.Get5)
		if row.Get5.OK && row.Get5.Baseline != "" {
			get5, h.Footnote = get5+" †", true
		}
		h.Client.add(n, row.Codec, format.Duration(row.Full.V/float64(row.Hits)), saving(row.Filtering), saving(row.Proj), get5)
	}
	return h
}

// saving is a saving per hit and in percent.
func saving(s model.Saving) string {
	return cond(s.OK, func() string { return format.Duration(s.PerHit.V) + " · " + format.PercentCI(s.Pct) })
}
