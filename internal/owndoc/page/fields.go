package page

import (
	"slices"

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

func saves(e model.Estimate) string {
	if e.V < 0 {
		return "costs " + format.PercentCI(model.Estimate{V: -e.V, Lo: -e.Hi, Hi: -e.Lo, HasCI: e.HasCI}) + " more"
	}
	return "saves " + format.PercentCI(e)
}

// Saves is what codec's op saves against encoding-json's full decode, or "".
func (p *page) Saves(op, codec string, filtered bool) string {
	if sv := model.Save(p.ns(load.OpDecodeStruct, rawfmt.Base, false), p.ns(op, codec, filtered), 1, ""); sv.OK {
		return saves(sv.Pct)
	}
	return ""
}

// VsFiltered is codec's time at op over encoding-json's decode of the filtered document, or "".
func (p *page) VsFiltered(op, codec string) string {
	if r, ok := model.Ratio(p.ns(op, codec, false), p.ns(load.OpDecodeStruct, rawfmt.Base, true)); ok {
		return format.RatioCI(r)
	}
	return ""
}

// Cheapest is the fastest way to read the fields from the whole document, and its codec; nil without one.
func (p *page) Cheapest() *struct{ Way, Op, Codec string } {
	var best *struct{ Way, Op, Codec string }
	var bestNs float64
	for _, w := range []way{clientProj, lazyGet} {
		if c := p.Fastest(w.op, false, false); c != "" {
			if m := p.ns(w.op, c, false).Point; best == nil || m < bestNs {
				best, bestNs = &struct{ Way, Op, Codec string }{w.name, w.op, c}, m
			}
		}
	}
	return best
}

// WaysRows are every codec's time at each way, with its change against its own full decode.
func (p *page) WaysRows() [][]string {
	var rows [][]string
	for _, codec := range p.Run.CodecNames {
		base := p.ns(load.OpDecodeStruct, codec, false)
		if !base.Known() {
			base = p.ns(load.OpDecodeStruct, rawfmt.Base, false)
		}
		row := []string{codec, code(p.Category(codec))}
		for _, w := range ways {
			s := p.ns(w.op, codec, w.filtered)
			cell := format.Duration(s.Estimate().V) // format.None without samples
			if sv := model.Save(base, s, 1, ""); sv.OK && w != fullDecode {
				cell += " (" + format.Change(-sv.Pct.V) + ")"
			}
			row = append(row, cell)
		}
		if slices.ContainsFunc(row[2:], func(c string) bool { return c != format.None }) {
			rows = append(rows, row)
		}
	}
	return rows
}
