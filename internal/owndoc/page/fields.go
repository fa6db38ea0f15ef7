package page

import (
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// A way is one way of getting the fields a client uses out of the document.
type way struct {
	name     string
	op       string
	filtered bool
}

var (
	fullDecode = way{"full decode", rawfmt.OpDecodeStruct, false}
	serverSide = way{"server-side filtering", rawfmt.OpDecodeStruct, true}
	clientProj = way{"client-side projection", rawfmt.OpDecodeProj, false}
	lazyGet    = way{"lazy get", rawfmt.OpGet5, false}
	ways       = []way{fullDecode, serverSide, clientProj, lazyGet}
)

// A fieldsView is "What asking for only the fields saves": the base's full
// decode against server-side filtering and client-side projection with the
// base, and the fastest lazy get; the cheapest way of all from the whole
// document and the fastest decode of the filtered one; every codec's time
// at each way.
type fieldsView struct {
	Full, Filtered, Proj, Lazy, Cheapest, Best *read
	Ways                                       render.Table
}

// A read is a codec's way of reading the fields: its time, what it saves
// against the base's full decode, and its time over the base's decode of
// the filtered document.
type read struct {
	Way, Codec, Category, Time, Saves, Vs string
}

func (p *page) fields() *fieldsView {
	f := &fieldsView{Ways: render.Table{Cols: []string{"codec", "category", ">full decode", ">server-side filtering", ">client-side projection", ">lazy get"}}}
	if p.ns(fullDecode.op, rawfmt.Base, false).Known() {
		f.Full = p.read(fullDecode, rawfmt.Base)
		f.Filtered, f.Proj = p.saving(serverSide, rawfmt.Base), p.saving(clientProj, rawfmt.Base)
		if c := p.fastest(lazyGet.op, false, false); c != "" {
			f.Lazy = p.read(lazyGet, c)
		}
	}
	cheapest := 0.0
	for _, w := range []way{clientProj, lazyGet} {
		if c := p.fastest(w.op, false, false); c != "" {
			if ns := p.ns(w.op, c, false).Point; f.Cheapest == nil || ns < cheapest {
				f.Cheapest, cheapest = p.read(w, c), ns
			}
		}
	}
	if c := p.fastest(serverSide.op, true, false); c != "" {
		f.Best = p.read(serverSide, c)
	}
	for _, codec := range p.Run.CodecNames {
		base := p.ns(rawfmt.OpDecodeStruct, codec, false)
		if !base.Known() {
			base = p.ns(rawfmt.OpDecodeStruct, rawfmt.Base, false)
		}
		row := []string{codec, code(p.category(codec))}
		for _, w := range ways {
			s := p.ns(w.op, codec, w.filtered)
			cell := format.Duration(s.Estimate().V) // format.None without samples
			if sv := model.Save(base, s, 1, ""); sv.OK && w != fullDecode {
				cell += " (" + format.Change(-sv.Pct.V) + ")"
			}
			row = append(row, cell)
		}
		if slices.ContainsFunc(row[2:], func(c string) bool { return c != format.None }) {
			f.Ways.Rows = append(f.Ways.Rows, row)
		}
	}
	return f
}

// read is codec's way w, with what it saves and its time over the base's filtered decode.
func (p *page) read(w way, codec string) *read {
	r := &read{Way: w.name, Codec: codec, Category: p.category(codec), Time: p.time(w.op, codec, w.filtered)}
	x := p.ns(w.op, codec, w.filtered)
	if sv := model.Save(p.ns(rawfmt.OpDecodeStruct, rawfmt.Base, false), x, 1, ""); sv.OK {
		r.Saves = saves(sv.Pct)
	}
	if v, ok := model.Ratio(x, p.ns(rawfmt.OpDecodeStruct, rawfmt.Base, true)); ok && !w.filtered {
		r.Vs = format.RatioCI(v)
	}
	return r
}

// saving is codec's way w when it saves anything to say, else nil.
func (p *page) saving(w way, codec string) *read {
	if r := p.read(w, codec); r.Saves != "" {
		return r
	}
	return nil
}

func saves(e model.Estimate) string {
	if e.V < 0 {
		return "costs " + format.PercentCI(model.Estimate{V: -e.V, Lo: -e.Hi, Hi: -e.Lo, HasCI: e.HasCI}) + " more"
	}
	return "saves " + format.PercentCI(e)
}
