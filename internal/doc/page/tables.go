package page

import (
	"cmp"
	"slices"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// tableOps are the tables of the page, in order.
var tableOps = []struct {
	w    way
	does string
}{
	{fullDecode, "decode the document into its struct"},
	{way{"decode-map", load.OpDecodeMap, false}, "decode it into `map[string]any`"},
	{way{"encode-struct", load.OpEncodeStruct, false}, "encode it from its struct"},
	{way{"roundtrip", load.OpRoundtrip, false}, "decode it, then encode it again"},
	{clientProj, "decode it into a struct of only the fields"},
	{lazyGet, "read the fields without decoding the rest"},
	{serverSide, "decode the filtered document into its struct"},
}

// tables writes every codec's figures for each operation, fastest first.
func (p *page) tables() {
	type table struct{ Op, Fixture, Does, Table string }
	var view []table
	for _, t := range tableOps {
		op, fixture := string(t.w.op), p.fixture(t.w.filtered)
		type row struct {
			median float64
			cells  []string
		}
		var rows []row
		for _, codec := range p.run.CodecNames {
			c := rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}
			s := p.run.Samples(c, rawfmt.UnitNs)
			if len(s) == 0 {
				continue
			}
			e, _ := median(s)
			vs := format.None
			if r, ok := ratio(p.run.Samples(rawfmt.Cell{Op: op, Fixture: fixture, Codec: rawfmt.Base}, rawfmt.UnitNs), s); ok {
				vs = format.RatioCI(r)
			}
			rows = append(rows, row{e.V, []string{codec, code(p.category(codec)), format.DurationCI(e), vs,
				p.unit(c, rawfmt.UnitMBs, format.Sig), p.unit(c, rawfmt.UnitB, format.Num), p.unit(c, rawfmt.UnitAllocs, format.Num)}})
		}
		if len(rows) == 0 {
			continue
		}
		slices.SortStableFunc(rows, func(a, b row) int { return cmp.Compare(a.median, b.median) })
		var cells [][]string
		for _, r := range rows {
			cells = append(cells, r.cells)
		}
		view = append(view, table{op, fixture, t.does, p.tableText([]string{"codec", "category", "time/op", "vs " + rawfmt.Base, "MB/s", "B/op", "allocs/op"}, cells,
			markdown.Left, markdown.Left, markdown.Right, markdown.Right, markdown.Right, markdown.Right, markdown.Right)})
	}
	p.execute("tables", view)
}

// unit formats the median of a cell's values in unit, with its interval,
// each number with f.
func (p *page) unit(c rawfmt.Cell, unit string, f func(float64) string) string {
	e, ok := median(p.run.Samples(c, unit))
	if !ok {
		return format.None
	}
	return format.CI(e, f, "")
}
