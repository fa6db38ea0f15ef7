package page

import (
	"fmt"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

var choiceOps = []struct{ op, does string }{
	{load.OpDecodeStruct, "decoding the document into its struct"},
	{load.OpRoundtrip, "decoding it and encoding it again, as an API that passes it on does"},
	{load.OpEncodeStruct, "encoding it from its struct"},
}

// A choice is the fastest std codec and the fastest overall at one operation.
type choice struct {
	Op, Does, Base, Std, StdAgainst, All, AllCategory, AllAgainst, GivesUp string
	AllIsStd, AllIsBase                                                    bool
}

func (p *page) choice() []choice {
	var out []choice
	for _, c := range choiceOps {
		base, ok := median(p.ns(c.op, rawfmt.Base, false))
		if !ok {
			continue
		}
		std, all := p.fastest(c.op, false, stdCodec), p.fastest(c.op, false, anyCodec)
		v := choice{Op: c.op, Does: c.does, Base: format.DurationCI(base), All: all, AllIsStd: all == std, AllIsBase: all == rawfmt.Base}
		if std != rawfmt.Base && std != "" {
			v.Std, v.StdAgainst = std, p.against(c.op, std)
		}
		if !v.AllIsStd && !v.AllIsBase {
			v.AllCategory, v.AllAgainst, v.GivesUp = p.category(all), p.against(c.op, all), p.givesUp(all)
		}
		out = append(out, v)
	}
	return out
}

func (p *page) against(op, codec string) string {
	base, own := p.ns(op, rawfmt.Base, false), p.ns(op, codec, false)
	out := p.time(op, codec, false)
	if speed, ok := ratio(base, own); ok {
		out += fmt.Sprintf(", %s as fast as encoding-json", format.RatioCI(speed))
	}
	if t := model.Compare(base, own); t.Untestable == nil && !t.Differ {
		out += fmt.Sprintf(" (not told apart from it in this run, p = %.2f)", t.P)
	}
	return out
}

func (p *page) givesUp(name string) string {
	c, ok := p.run.Codec(name)
	switch {
	case !ok:
		return ""
	case !c.HasSkips:
		return "this run did not record what it gives up."
	case len(c.Skips) == 0:
		return "it gives up nothing encoding/json does."
	}
	return "it gives up " + strings.Join(c.Skips, "; ") + "."
}
