package page

import (
	"fmt"
	"slices"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// rate returns the request rate the CPU section is computed for, the
// documents per second it makes, and the phrase that says so.
func (p *page) rate() (qps, docs float64, phrase string) {
	qps, given := p.info.QPS, "given"
	if qps == 0 {
		qps, given = defaultQPS, "no QPS was given"
	}
	per := max(p.info.PerRequest, 1)
	docs = qps * float64(per)
	phrase = fmt.Sprintf("%s requests/s (%s)", format.Num(qps), given)
	if per > 1 {
		phrase = fmt.Sprintf("%s requests/s with %d documents each, %s documents/s (%s)", format.Num(qps), per, format.Num(docs), given)
	}
	return qps, docs, phrase
}

// cpu writes the cores each way of reading the document spends at the
// request rate, and what it saves against encoding-json's full decode.
func (p *page) cpu() {
	base := p.ns(load.OpDecodeStruct, rawfmt.Base, false)
	if len(base) == 0 {
		return
	}
	qps, docs, rate := p.rate()
	coresOf := func(m []float64) float64 { return docs * m[0] * 1e-9 }
	p.printf("## CPU at %s requests/s\n\n", format.Num(qps))
	full := model.Derive([][]float64{base}, coresOf)
	s := []string{fmt.Sprintf("At %s, decoding every document whole with %s keeps %s cores busy.", rate, rawfmt.Base, format.CI(full, format.Sig, ""))}
	if rt := p.ns(load.OpRoundtrip, rawfmt.Base, false); len(rt) > 0 {
		s = append(s, fmt.Sprintf("Decoding and encoding it again (roundtrip) takes %s cores.", format.CI(model.Derive([][]float64{rt}, coresOf), format.Sig, "")))
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
		o := opts[0]
		s = append(s, fmt.Sprintf("The cheapest option measured, %s with %s, takes %s cores and saves %s against that.", o.w.name, o.codec, format.CI(o.cores, format.Sig, ""), format.CI(o.saves, format.Sig, "")))
	}
	p.para(s...)
	var rows [][]string
	for _, o := range opts {
		saves := format.CI(o.saves, format.Sig, "")
		if o.w == fullDecode && o.codec == rawfmt.Base {
			saves = format.None // the baseline itself
		}
		rows = append(rows, []string{o.w.name, o.codec, code(p.category(o.codec)), format.CI(o.cores, format.Sig, ""), saves})
	}
	p.printf("Each way of reading the document with %s, the fastest `std` configuration and the fastest overall, cheapest first. Cores are CPU seconds per second: documents/s × time per document.\n\n", rawfmt.Base)
	p.table([]string{"way", "codec", "category", "cores", "saves against " + rawfmt.Base + " full decode"}, rows,
		markdown.Left, markdown.Left, markdown.Left, markdown.Right, markdown.Right)
}
