package page

import (
	"cmp"
	"slices"
	"sort"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// defaultQPS is the request rate of the CPU section when none is given.
const defaultQPS = 1000

// A cpuView is the CPU section: the cores the base's full decode and
// roundtrip keep busy at the request rate, and each option's row (way,
// codec, category, cores, saving), cheapest first.
type cpuView struct {
	QPS, Docs, Full, Roundtrip string
	Per                        int
	Given                      bool
	Cheapest                   []string // the first row, when it is not the base's full decode
	Table                      render.Table
}

func (p *page) cpu() *cpuView {
	base := p.ns(rawfmt.OpDecodeStruct, rawfmt.Base, false)
	if !base.Known() {
		return nil
	}
	qps := cmp.Or(p.Info.QPS, defaultQPS)
	per := max(p.Info.PerRequest, 1)
	docs := qps * float64(per)
	coresOf := func(m []float64) float64 { return docs * m[0] * 1e-9 }
	cores := func(e model.Estimate) string { return format.CI(e, format.Sig, "") }
	v := &cpuView{QPS: format.Num(qps), Docs: format.Num(docs), Full: cores(model.Derive([]model.Sample{base}, coresOf)), Per: per, Given: p.Info.QPS != 0,
		Table: render.Table{Cols: []string{"way", "codec", "category", ">cores", ">saves against " + rawfmt.Base + " full decode"}}}
	if rt := p.ns(rawfmt.OpRoundtrip, rawfmt.Base, false); rt.Known() {
		v.Roundtrip = cores(model.Derive([]model.Sample{rt}, coresOf))
	}
	var used []float64 // the rows' cores, ascending
	for _, w := range ways {
		var picked []string
		for _, c := range []string{rawfmt.Base, p.fastest(w.op, w.filtered, true), p.fastest(w.op, w.filtered, false)} {
			x := p.ns(w.op, c, w.filtered)
			if c == "" || slices.Contains(picked, c) || !x.Known() {
				continue
			}
			picked = append(picked, c)
			e := model.Derive([]model.Sample{x}, coresOf)
			saves := cores(model.Derive([]model.Sample{base, x}, func(m []float64) float64 { return docs * (m[0] - m[1]) * 1e-9 }))
			if w == fullDecode && c == rawfmt.Base {
				saves = format.None // the baseline itself
			}
			i := sort.Search(len(used), func(k int) bool { return used[k] > e.V }) // after its equals
			used = slices.Insert(used, i, e.V)
			v.Table.Rows = slices.Insert(v.Table.Rows, i, []string{w.name, c, code(p.category(c)), cores(e), saves})
		}
	}
	if rows := v.Table.Rows; len(rows) > 0 && (rows[0][0] != fullDecode.name || rows[0][1] != rawfmt.Base) {
		v.Cheapest = rows[0]
	}
	return v
}
