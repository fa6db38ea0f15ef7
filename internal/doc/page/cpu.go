package page

import (
	"cmp"
	"slices"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// cpu writes the cores each way of reading the document spends at the
// request rate, and what it saves against encoding-json's full decode.
func (p *page) cpu() {
	base := p.ns(load.OpDecodeStruct, rawfmt.Base, false)
	if len(base) == 0 {
		return
	}
	qps := cmp.Or(p.info.QPS, defaultQPS)
	per := max(p.info.PerRequest, 1)
	docs := qps * float64(per)
	coresOf := func(m []float64) float64 { return docs * m[0] * 1e-9 }
	cores := func(e model.Estimate) string { return format.CI(e, format.Sig, "") }
	type cheapest struct{ Way, Codec, Cores, Saves string }
	view := struct {
		QPS, Docs, Full, Roundtrip, Table string
		Per                               int
		Given                             bool
		Cheapest                          *cheapest
	}{QPS: format.Num(qps), Docs: format.Num(docs), Full: cores(model.Derive([][]float64{base}, coresOf)), Per: per, Given: p.info.QPS != 0}
	if rt := p.ns(load.OpRoundtrip, rawfmt.Base, false); len(rt) > 0 {
		view.Roundtrip = cores(model.Derive([][]float64{rt}, coresOf))
	}
	type option struct {
		w     way
		codec string
		cores model.Estimate
		saves model.Estimate
	}
	var opts []option
	for _, w := range ways {
		var picked []string
		for _, keep := range []func(rawfmt.CodecConfig) bool{func(c rawfmt.CodecConfig) bool { return c.Name == rawfmt.Base }, stdCodec, anyCodec} {
			if c := p.fastest(w.op, w.filtered, keep); c != "" && !slices.Contains(picked, c) {
				picked = append(picked, c)
			}
		}
		for _, c := range picked {
			x := p.ns(w.op, c, w.filtered)
			opts = append(opts, option{w, c,
				model.Derive([][]float64{x}, coresOf),
				model.Derive([][]float64{base, x}, func(m []float64) float64 { return docs * (m[0] - m[1]) * 1e-9 })})
		}
	}
	slices.SortStableFunc(opts, func(a, b option) int {
		switch {
		case a.cores.V < b.cores.V:
			return -1
		case a.cores.V > b.cores.V:
			return 1
		}
		return 0
	})
	if len(opts) > 0 && (opts[0].codec != rawfmt.Base || opts[0].w != fullDecode) {
		view.Cheapest = &cheapest{opts[0].w.name, opts[0].codec, cores(opts[0].cores), cores(opts[0].saves)}
	}
	var rows [][]string
	for _, o := range opts {
		saves := cores(o.saves)
		if o.w == fullDecode && o.codec == rawfmt.Base {
			saves = format.None // the baseline itself
		}
		rows = append(rows, []string{o.w.name, o.codec, code(p.category(o.codec)), cores(o.cores), saves})
	}
	view.Table = p.tableText([]string{"way", "codec", "category", "cores", "saves against " + rawfmt.Base + " full decode"}, rows,
		markdown.Left, markdown.Left, markdown.Left, markdown.Right, markdown.Right)
	p.execute("cpu", view)
}
