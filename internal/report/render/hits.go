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
	Rows     int    // codecs × hit counts with a figure
	Ops      string // the operations of the run's es-hits cells, without rows
	Pairs    []hitsPair
	Client   Table
	Footnote bool // a codec's lazy read is against the base's decode
}

// A hitsPair is one way of serving the hits without and with filtering
// (model.Pair) for every codec and hit count: decode-struct alone
// (Op decode-struct), roundtrip, and the API's decode then encode of the
// five fields (Op "").
type hitsPair struct {
	Title, Op string
	Table     Table
}

func newHits(a *model.Analysis) hits {
	h := hits{Rows: len(a.Hits), Ops: strings.Join(model.HitsOps(a.Run), ", ")}
	cols := []string{">hits", "codec", ">full, per hit", ">filtered, per hit", ">filtering saves, per hit", ">saves"}
	pairs := []hitsPair{{"Decode", load.OpDecodeStruct, Table{Cols: cols}}, {"Roundtrip", load.OpRoundtrip, Table{Cols: cols}}, {"Decode, project to five fields, encode them", "", Table{Cols: cols}}}
	h.Client.Cols = []string{">hits", "codec", ">" + load.OpDecodeStruct + ", per hit", ">`_source` filtered saves", ">" + load.OpDecodeProj + " saves", ">" + load.OpGet5 + " saves"}
	for _, row := range a.Hits {
		n := strconv.Itoa(row.Hits)
		for i, p := range []model.Pair{row.Decode, row.Roundtrip, row.API} {
			if p.Saves.OK {
				pairs[i].Table.add(n, row.Codec, format.DurationCI(p.Full), format.DurationCI(p.Filtered), format.DurationCI(p.Saves.PerHit), format.PercentCI(p.Saves.Pct))
			}
		}
		get5 := saving(row.Get5)
		if row.Get5.OK && row.Get5.Baseline != "" {
			get5, h.Footnote = get5+" †", true
		}
		h.Client.add(n, row.Codec, format.Duration(row.Full.V/float64(row.Hits)), saving(row.Filtering), saving(row.Proj), get5)
	}
	for _, p := range pairs {
		if len(p.Table.Rows) > 0 {
			h.Pairs = append(h.Pairs, p)
		}
	}
	return h
}

// saving is a saving per hit and in percent.
func saving(s model.Saving) string {
	return cond(s.OK, func() string { return format.Duration(s.PerHit.V) + " · " + format.PercentCI(s.Pct) })
}
