package page

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// choiceOps are the operations of the codec choice, each with what it does.
var choiceOps = []struct{ Op, Does string }{
	{rawfmt.OpDecodeStruct, "decoding the document into its struct"},
	{rawfmt.OpRoundtrip, "decoding it and encoding it again, as an API that passes it on does"},
	{rawfmt.OpEncodeStruct, "encoding it from its struct"},
}

// A choice is the codec choice at one operation: the base's time, the
// fastest std configuration when it is not the base, and the fastest of
// all when it is neither.
type choice struct {
	Op, Does, Base string
	Std, All       *option
}

// An option is a codec at an operation: its time, its speed against the
// base's, and what it gives up.
type option struct {
	Codec, Category, Time string
	Speed                 string // the base's time over its, "" without one
	Tied                  bool   // the speed's interval holds 1
	Recorded              bool   // the run has its skips line
	Skips                 []string
}

func (p *page) choice() []choice {
	var out []choice
	for _, o := range choiceOps {
		base := p.time(o.Op, rawfmt.Base, false)
		if base == "" {
			continue
		}
		c := choice{Op: o.Op, Does: o.Does, Base: base}
		std, all := p.fastest(o.Op, false, true), p.fastest(o.Op, false, false)
		if std != "" && std != rawfmt.Base {
			c.Std = p.option(o.Op, std)
		}
		if all != std && all != rawfmt.Base {
			c.All = p.option(o.Op, all)
		}
		out = append(out, c)
	}
	return out
}

func (p *page) option(op, codec string) *option {
	o := &option{Codec: codec, Category: p.category(codec), Time: p.time(op, codec, false)}
	if c, ok := p.Run.Codec(codec); ok {
		o.Recorded, o.Skips = c.HasSkips, c.Skips
	}
	if speed, ok := model.Ratio(p.ns(op, rawfmt.Base, false), p.ns(op, codec, false)); ok {
		o.Speed, o.Tied = format.RatioCI(speed), speed.HasCI && !model.Differs(speed)
	}
	return o
}
