package page

import (
	"cmp"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// defaultQPS is the request rate of the CPU section when none is given.
const defaultQPS = 1000

type cpuView struct {
	QPS, Docs, Full, Roundtrip string
	Per                        int
	Given                      bool
	Cheapest                   *struct{ Way, Codec, Cores, Saves string }
	Rows                       [][]string
}

func (p *page) cpu() *cpuView {
	base := p.ns(load.OpDecodeStruct, rawfmt.Base, false)
	if len(base) == 0 {
		return nil
	}
	qps := cmp.Or(p.info.QPS, defaultQPS)
	per := max(p.info.PerRequest, 1)
	docs := qps * float64(per)
	coresOf := func(m []float64) float64 { return docs * m[0] * 1e-9 }
	cores := func(e model.Estimate) string { return format.CI(e, format.Sig, "") }
	v := &cpuView{QPS: format.Num(qps), Docs: format.Num(docs), Full: cores(model.Derive([][]float64{base}, coresOf)), Per: per, Given: p.info.QPS != 0}
	if rt := p.ns(load.OpRoundtrip, rawfmt.Base, false); len(rt) > 0 {
		v.Roundtrip = cores(model.Derive([][]float64{rt}, coresOf))
	}
	type option struct {
		w            way
		codec        string
		cores, saves model.Estimate
	}
	var opts []option
	for _, w := range ways {
		var picked []string
		for _, c := range []string{rawfmt.Base, p.Fastest(w.op, w.filtered, true), p.Fastest(w.op, w.filtered, false)} {
			if c == "" || slices.Contains(picked, c) || !p.Has(w.op, c, w.filtered) {
				continue
			}
			picked = append(picked, c)
			x := p.ns(w.op, c, w.filtered)
			opts = append(opts, option{w, c, model.Derive([][]float64{x}, coresOf),
				model.Derive([][]float64{base, x}, func(m []float64) float64 { return docs * (m[0] - m[1]) * 1e-9 })})
		}
	}
	slices.SortStableFunc(opts, func(a, b option) int { return cmp.Compare(a.cores.V, b.cores.V) })
	if len(opts) > 0 && (opts[0].codec != rawfmt.Base || opts[0].w != fullDecode) {
		v.Cheapest = &struct{ Way, Codec, Cores, Saves string }{opts[0].w.name, opts[0].codec, cores(opts[0].cores), cores(opts[0].saves)}
	}
	for _, o := range opts {
		saves := cores(o.saves)
		if o.w == fullDecode && o.codec == rawfmt.Base {
			saves = format.None // the baseline itself
		}
		v.Rows = append(v.Rows, []string{o.w.name, o.codec, code(p.Category(o.codec)), cores(o.cores), saves})
	}
	return v
}
