package model

import (
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// Jackson is the article's micro test (seeds/003): Jackson decoding a
// 5-field and a 50-field document into a Map.
var Jackson = struct {
	FieldsSmall, FieldsLarge float64
	NsSmall, NsLarge         float64 // ns/op
	DocSmall, DocLarge       float64 // document bytes
}{FieldsSmall: 5, FieldsLarge: 50, NsSmall: 407, NsLarge: 3679, DocSmall: 226, DocLarge: 2331}

// Growth is how a cell grows from load.ArticleSmall to load.ArticleLarge.
type Growth struct {
	Small, Large Estimate // ns/op
	Ratio        Estimate
	OK           bool
}

// An ArticleRow is one codec's growth per ArticleTable.Ops.
type ArticleRow struct {
	Codec string
	Cells []Growth
}

// An ArticleTable is the 5 → 50 fields comparison with the article.
type ArticleTable struct {
	Ops  []string // the article's operations present in the run
	Rows []ArticleRow
}

// Article compares load.ArticleLarge with load.ArticleSmall.
func Article(r *load.Run) ArticleTable {
	var t ArticleTable
	for _, op := range []string{rawfmt.OpDecodeMap, rawfmt.OpDecodeStruct, rawfmt.OpDecodeProj, rawfmt.OpRoundtrip} {
		if slices.Contains(r.Ops, op) {
			t.Ops = append(t.Ops, op)
		}
	}
	for _, codec := range r.CodecNames {
		row := ArticleRow{Codec: codec, Cells: make([]Growth, len(t.Ops))}
		for i, op := range t.Ops {
			small, large := Ns(r, op, load.ArticleSmall, codec), Ns(r, op, load.ArticleLarge, codec)
			if !small.Known() || !large.Known() {
				continue
			}
			ratio, ok := Ratio(large, small)
			row.Cells[i] = Growth{Small: small.Estimate(), Large: large.Estimate(), Ratio: ratio, OK: ok}
		}
		if slices.ContainsFunc(row.Cells, func(g Growth) bool { return g.OK }) {
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}
