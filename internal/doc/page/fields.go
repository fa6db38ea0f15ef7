package page

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A way is one way of getting the fields a client uses out of the document.
type way struct {
	name     string
	op       string
	filtered bool
}

var (
	fullDecode   = way{"full decode", load.OpDecodeStruct, false}
	serverSide   = way{"server-side filtering", load.OpDecodeStruct, true}
	clientProj   = way{"client-side projection", load.OpDecodeProj, false}
	lazyGet      = way{"lazy get", load.OpGet5, false}
	ways         = []way{fullDecode, serverSide, clientProj, lazyGet}
	encodeStruct = way{"encode-struct", load.OpEncodeStruct, false}
	roundtrip    = way{"roundtrip", load.OpRoundtrip, false}
)

func saving(full, x []float64) (model.Estimate, bool) {
	if len(full) == 0 || len(x) == 0 || model.Median(full) == 0 {
		return model.Estimate{}, false
	}
	return model.Derive([][]float64{full, x}, func(m []float64) float64 { return 100 * (1 - m[1]/m[0]) }), true
}

func saves(e model.Estimate) string {
	if e.V < 0 {
		return "costs " + format.PercentCI(model.Estimate{V: -e.V, Lo: -e.Hi, Hi: -e.Lo, HasCI: e.HasCI}) + " more"
	}
	return "saves " + format.PercentCI(e)
}

type finding struct{ Way, Codec, Category, Time, Saves, Ratio string }

type fullView struct {
	Time                string
	Filtered, Proj, Get *finding
}

type fieldsView struct {
	Full                   *fullView
	Cheapest, FilteredBest *finding
	Rows                   [][]string
}

func (p *page) fields() *fieldsView {
	if len(p.info.Fields) == 0 {
		return nil
	}
	v := &fieldsView{Rows: p.waysRows()}
	base := p.ns(load.OpDecodeStruct, rawfmt.Base, false)
	filtered := p.ns(load.OpDecodeStruct, rawfmt.Base, true)
	if e, ok := median(base); ok {
		v.Full = &fullView{Time: format.DurationCI(e)}
		if sv, ok := saving(base, filtered); ok {
			v.Full.Filtered = &finding{Saves: saves(sv), Time: p.time(load.OpDecodeStruct, rawfmt.Base, true)}
		}
		proj := p.ns(load.OpDecodeProj, rawfmt.Base, false)
		if sv, ok := saving(base, proj); ok {
			v.Full.Proj = &finding{Saves: saves(sv), Time: p.time(load.OpDecodeProj, rawfmt.Base, false)}
			if r, ok := ratio(proj, filtered); ok {
				v.Full.Proj.Ratio = format.RatioCI(r)
			}
		}
		if g := p.fastest(load.OpGet5, false, anyCodec); g != "" {
			get := p.ns(load.OpGet5, g, false)
			sv, _ := saving(base, get)
			v.Full.Get = &finding{Codec: g, Category: p.category(g), Time: p.time(load.OpGet5, g, false), Saves: saves(sv)}
			if r, ok := ratio(get, filtered); ok {
				v.Full.Get.Ratio = format.RatioCI(r)
			}
		}
	}
	var bestNs float64
	for _, w := range []way{clientProj, lazyGet} {
		c := p.fastest(w.op, w.filtered, anyCodec)
		if c == "" {
			continue
		}
		if m := model.Median(p.ns(w.op, c, w.filtered)); v.Cheapest == nil || m < bestNs {
			v.Cheapest, bestNs = &finding{Way: w.name, Codec: c, Category: p.category(c), Time: p.time(w.op, c, w.filtered)}, m
		}
	}
	if c := p.fastest(load.OpDecodeStruct, true, anyCodec); c != "" {
		v.FilteredBest = &finding{Codec: c, Category: p.category(c), Time: p.time(load.OpDecodeStruct, c, true)}
	}
	return v
}

func (p *page) waysRows() [][]string {
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
			cell := format.Duration(e.V)
			if sv, ok := saving(base, s); ok && w != fullDecode {
				cell += " (" + format.Change(-sv.V) + ")"
			}
			row = append(row, cell)
		}
		if any {
			rows = append(rows, row)
		}
	}
	return rows
}
