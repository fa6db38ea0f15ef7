package page

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A way is one way of getting the fields a client uses out of the
// document: an operation on the document or on the filtered one.
type way struct {
	name     string
	op       string
	filtered bool
}

var (
	fullDecode = way{"full decode", load.OpDecodeStruct, false}
	serverSide = way{"server-side filtering", load.OpDecodeStruct, true}
	clientProj = way{"client-side projection", load.OpDecodeProj, false}
	lazyGet    = way{"lazy get", load.OpGet5, false}
	ways       = []way{fullDecode, serverSide, clientProj, lazyGet}
)

// saving is what x saves against full, in percent of full.
func saving(full, x []float64) (model.Estimate, bool) {
	if len(full) == 0 || len(x) == 0 || model.Median(full) == 0 {
		return model.Estimate{}, false
	}
	return model.Derive([][]float64{full, x}, func(m []float64) float64 { return 100 * (1 - m[1]/m[0]) }), true
}

// fieldsSection writes what asking for only the fields saves: server-side
// filtering against client-side projection and lazy gets.
func (p *page) fieldsSection() {
	if len(p.info.Fields) == 0 {
		return
	}
	p.printf("## What asking for only the fields saves\n\n")
	base := p.ns(load.OpDecodeStruct, rawfmt.Base, false)
	filtered := p.ns(load.OpDecodeStruct, rawfmt.Base, true)
	if full, ok := median(base); ok {
		s := []string{fmt.Sprintf("Decoding the whole document into its struct with %s takes %s.", rawfmt.Base, format.DurationCI(full))}
		if sv, ok := saving(base, filtered); ok {
			f, _ := median(filtered)
			s = append(s, fmt.Sprintf("Server-side filtering (Elasticsearch `_source_includes`) %s of that: the filtered document decodes in %s.", saves(sv), format.DurationCI(f)))
		}
		proj := p.ns(load.OpDecodeProj, rawfmt.Base, false)
		if sv, ok := saving(base, proj); ok {
			pr, _ := median(proj)
			s = append(s, fmt.Sprintf("Without it, client-side projection (decoding the whole document into a struct of only these fields) %s, taking %s", saves(sv), format.DurationCI(pr)))
			if r, ok := ratio(proj, filtered); ok {
				s[len(s)-1] += fmt.Sprintf(", %s the time of the filtered decode.", format.RatioCI(r))
			} else {
				s[len(s)-1] += "."
			}
		}
		if g := p.fastest(load.OpGet5, false, anyCodec); g != "" {
			get := p.ns(load.OpGet5, g, false)
			sv, _ := saving(base, get)
			e, _ := median(get)
			sentence := fmt.Sprintf("The fastest lazy get, %s (`%s`), reads the fields in %s without decoding the rest: it %s against the full decode", g, p.category(g), format.DurationCI(e), saves(sv))
			if r, ok := ratio(get, filtered); ok {
				sentence += fmt.Sprintf(" and takes %s the time of the filtered decode with %s", format.RatioCI(r), rawfmt.Base)
			}
			s = append(s, sentence+".")
		}
		p.para(s...)
	}
	p.cheapest()
	p.waysTable()
}

// cheapest names the cheapest way to read the fields with the server as
// it is, and with server-side filtering.
func (p *page) cheapest() {
	var s []string
	best, bestWay := "", way{}
	var bestNs float64
	for _, w := range []way{clientProj, lazyGet} {
		c := p.fastest(w.op, w.filtered, anyCodec)
		if c == "" {
			continue
		}
		if m := model.Median(p.ns(w.op, c, w.filtered)); best == "" || m < bestNs {
			best, bestWay, bestNs = c, w, m
		}
	}
	if best != "" {
		e, _ := median(p.ns(bestWay.op, best, bestWay.filtered))
		s = append(s, fmt.Sprintf("The cheapest way to read the fields from the whole document is %s with %s (`%s`): %s.", bestWay.name, best, p.category(best), format.DurationCI(e)))
	}
	if c := p.fastest(load.OpDecodeStruct, true, anyCodec); c != "" {
		e, _ := median(p.ns(load.OpDecodeStruct, c, true))
		s = append(s, fmt.Sprintf("With server-side filtering, the fastest decode of the filtered document is %s's (`%s`): %s.", c, p.category(c), format.DurationCI(e)))
	}
	p.para(s...)
}

// waysTable writes, per codec, each way's median time and what it saves
// against the codec's own full decode (encoding-json's for a codec that
// only gets).
func (p *page) waysTable() {
	header := []string{"codec", "category"}
	for _, w := range ways {
		header = append(header, w.name)
	}
	var rows [][]string
	for _, codec := range p.run.CodecNames {
		base := p.ns(load.OpDecodeStruct, codec, false)
		if len(base) == 0 {
			base = p.ns(load.OpDecodeStruct, rawfmt.Base, false)
		}
		row := []string{codec, code(p.category(codec))}
		any := false
		for _, w := range ways {
			s := p.ns(w.op, codec, w.filtered)
			e, ok := median(s)
			if !ok {
				row = append(row, format.None)
				continue
			}
			any = true
			cell := format.DurationCI(model.Estimate{V: e.V})
			if sv, ok := saving(base, s); ok && w != fullDecode {
				cell += " (" + format.Change(-sv.V) + ")"
			}
			row = append(row, cell)
		}
		if any {
			rows = append(rows, row)
		}
	}
	p.printf("Median time per document (intervals in the tables below); in parentheses, the change against the codec's own full decode (%s's for a codec that only gets).\n\n", rawfmt.Base)
	p.table(header, rows, markdown.Left, markdown.Left, markdown.Right, markdown.Right, markdown.Right, markdown.Right)
}

// negate returns -e, its interval turned around.
func negate(e model.Estimate) model.Estimate {
	return model.Estimate{V: -e.V, Lo: -e.Hi, Hi: -e.Lo, HasCI: e.HasCI}
}

// saves phrases a saving in percent: "saves 62% [47, 70]", or "costs
// 3.1% [−12, 25] more" when the estimate is negative.
func saves(e model.Estimate) string {
	if e.V < 0 {
		return "costs " + format.PercentCI(negate(e)) + " more"
	}
	return "saves " + format.PercentCI(e)
}
