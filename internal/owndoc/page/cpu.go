package page

import (
	"cmp"
	"slices"
	"sort"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// defaultQPS is the request rate of the CPU section when none is given.
const defaultQPS = 1000

// A cpuView is the CPU section: the cores encoding-json's full decode and roundtrip keep busy at the
// request rate, and each option's row (way, codec, category, cores, saving), cheapest first.
type cpuView struct {
	QPS, Docs, Full, Roundtrip string
	Per                        int
	Given, Cheapest            bool // Cheapest: the first row is not encoding-json's full decode
	Rows                       [][]string
}

func (p *page) cpu() *cpuView {
	base := p.ns(load.OpDecodeStruct, rawfmt.Base, false)
	if !base.Known() {
		return nil
	}
	qps := cmp.Or(p.Info.QPS, defaultQPS)
	per := max(p.Info.PerRequest, 1)
	docs := qps * float64(per)
	coresOf := func(m []float64) float64 { return docs * m[0] * 1e-9 }
	cores := func(e model.Estimate) string { return format.CI(e, format.Sig, "") }
	v := &cpuView{QPS: format.Num(qps), Docs: format.Num(docs), Full: cores(model.Derive([]model.Sample{base}, coresOf)), Per: per, Given: p.Info.QPS != 0}
	if rt := p.ns(load.OpRoundtrip, rawfmt.Base, false); rt.Known() {
		v.Roundtrip = cores(model.Derive([]model.Sample{rt}, coresOf))
	}
	var used []float64 // the rows' cores, ascending
	for _, w := range ways {
		var picked []string
		for _, c := range []string{rawfmt.Base, p.Fastest(w.op, w.filtered, true), p.Fastest(w.op, w.filtered, false)} {
			if c == "" || slices.Contains(picked, c) || !p.Has(w.op, c, w.filtered) {
				continue
			}
			picked = append(picked, c)
			x := p.ns(w.op, c, w.filtered)
			e := model.Derive([]model.Sample{x}, coresOf)
			saves := cores(model.Derive([]model.Sample{base, x}, func(m []float64) float64 { return docs * (m[0] - m[1]) * 1e-9 }))
			if w == fullDecode && c == rawfmt.Base {
				saves = format.None // the baseline itself
			}
			i := sort.Search(len(used), func(k int) bool { return used[k] > e.V }) // after its equals
			used = slices.Insert(used, i, e.V)
			v.Rows = slices.Insert(v.Rows, i, []string{w.name, c, code(p.Category(c)), cores(e), saves})
		}
	}
	v.Cheapest = len(v.Rows) > 0 && (v.Rows[0][0] != fullDecode.name || v.Rows[0][1] != rawfmt.Base)
	return v
}
