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

// find is codec's figures for w: its time, its saving against base, its ratio to filtered.
func (p *page) find(w way, codec string, base, filtered []float64) *finding {
	x := p.ns(w.op, codec, w.filtered)
	f := &finding{Way: w.name, Codec: codec, Category: p.category(codec), Time: p.time(w.op, codec, w.filtered)}
	if sv, ok := saving(base, x); ok {
		f.Saves = saves(sv)
	}
	if r, ok := ratio(x, filtered); ok {
		f.Ratio = format.RatioCI(r)
	}
	return f
}

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
		if f := p.find(serverSide, rawfmt.Base, base, filtered); f.Saves != "" {
			v.Full.Filtered = f
		}
		if f := p.find(clientProj, rawfmt.Base, base, filtered); f.Saves != "" {
			v.Full.Proj = f
		}
		if g := p.fastest(lazyGet.op, false, anyCodec); g != "" {
			v.Full.Get = p.find(lazyGet, g, base, filtered)
		}
	}
	var bestNs float64
	for _, w := range []way{clientProj, lazyGet} {
		if c := p.fastest(w.op, w.filtered, anyCodec); c != "" {
			if m := model.Median(p.ns(w.op, c, w.filtered)); v.Cheapest == nil || m < bestNs {
				v.Cheapest, bestNs = p.find(w, c, nil, nil), m
			}
		}
	}
	if c := p.fastest(load.OpDecodeStruct, true, anyCodec); c != "" {
		v.FilteredBest = p.find(serverSide, c, nil, nil)
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
