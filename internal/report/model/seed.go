package model

import (
	"slices"

	"github.com/jsoncost/jsoncost/internal/report/load"
)

// Jackson is the article's micro test (seeds/003): Jackson decoding a
// 5-field and a 50-field document into a Map.
var Jackson = struct {
	FieldsSmall, FieldsLarge float64
	NsSmall, NsLarge         float64 // ns/op
	DocSmall, DocLarge       float64 // document bytes
}{FieldsSmall: 5, FieldsLarge: 50, NsSmall: 407, NsLarge: 3679, DocSmall: 226, DocLarge: 2331}

// seedOps are the operations of the seed table: the article decodes into a
// Map; its API decoded into objects and re-encoded them.
var seedOps = []string{load.OpDecodeMap, load.OpDecodeStruct, load.OpDecodeProj, load.OpRoundtrip}

// Growth is how a cell grows from load.SeedSmall to load.SeedLarge.
type Growth struct {
	Small, Large Summary // ns/op
	Ratio        Estimate
	OK           bool
}

// A SeedRow is one codec's growth per seed operation (parallel to
// SeedTable.Ops).
type SeedRow struct {
	Codec string
	Cells []Growth
}

// A SeedTable is the 5 → 50 fields comparison with the article.
type SeedTable struct {
	Ops  []string // the seed operations present in the run
	Rows []SeedRow
}

// Seed compares load.SeedLarge with load.SeedSmall for every codec and seed
// operation present.
func Seed(r *load.Run) SeedTable {
	var t SeedTable
	for _, op := range seedOps {
		if slices.Contains(r.Ops, op) {
			t.Ops = append(t.Ops, op)
		}
	}
	for _, codec := range r.CodecNames {
		row := SeedRow{Codec: codec, Cells: make([]Growth, len(t.Ops))}
		found := false
		for i, op := range t.Ops {
			small, large := r.Ns(op, load.SeedSmall, codec), r.Ns(op, load.SeedLarge, codec)
			if len(small) == 0 || len(large) == 0 {
				continue
			}
			ratio, ok := Ratio(large, small)
			row.Cells[i] = Growth{Small: Summarize(small), Large: Summarize(large), Ratio: ratio, OK: ok}
			found = found || ok
		}
		if found {
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}
