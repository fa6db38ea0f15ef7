package page

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// choiceOps are the operations of the codec choice, each with what it does; page.tmpl words the
// fastest std codec and the fastest overall at each.
var choiceOps = []struct{ Op, Does string }{
	{load.OpDecodeStruct, "decoding the document into its struct"},
	{load.OpRoundtrip, "decoding it and encoding it again, as an API that passes it on does"},
	{load.OpEncodeStruct, "encoding it from its struct"},
}

// Against is codec's time at op and its speed against encoding-json's.
func (p *page) Against(op, codec string) string {
	base, own := p.ns(op, rawfmt.Base, false), p.ns(op, codec, false)
	out := p.Time(op, codec, false)
	if speed, ok := model.Ratio(base, own); ok {
		out += fmt.Sprintf(", %s as fast as encoding-json", format.RatioCI(speed))
		if speed.HasCI && !model.Differs(speed) {
			out += " (not told apart from it in this run: the interval holds 1)"
		}
	}
	return out
}
