package page

import (
	"fmt"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// choiceOps are the operations the codec choice is made for, with what
// they do.
var choiceOps = []struct {
	op   string
	does string
}{
	{load.OpDecodeStruct, "decoding the document into its struct"},
	{load.OpRoundtrip, "decoding it and encoding it again, as an API that passes it on does"},
	{load.OpEncodeStruct, "encoding it from its struct"},
}

// choice writes which codec to use: per operation, the fastest std
// configuration and the fastest overall with what it gives up, against
// encoding-json.
func (p *page) choice() {
	p.printf("## Which codec\n\n")
	for _, c := range choiceOps {
		base, ok := median(p.ns(c.op, rawfmt.Base, false))
		if !ok {
			continue
		}
		s := []string{fmt.Sprintf("**%s** (%s): %s takes %s.", c.op, c.does, rawfmt.Base, format.DurationCI(base))}
		std := p.fastest(c.op, false, stdCodec)
		all := p.fastest(c.op, false, anyCodec)
		switch std {
		case rawfmt.Base, "":
			s = append(s, fmt.Sprintf("No other `%s` configuration (same bytes and behaviour as encoding/json) is faster.", rawfmt.CategoryStd))
		default:
			s = append(s, fmt.Sprintf("The fastest `%s` configuration (same bytes and behaviour as encoding/json) is %s: %s.", rawfmt.CategoryStd, std, p.against(c.op, std)))
		}
		switch all {
		case std:
			s = append(s, "It is also the fastest overall.")
		case rawfmt.Base:
			s = append(s, "Nothing is faster than encoding-json here.")
		default:
			s = append(s, fmt.Sprintf("The fastest overall is %s (`%s`): %s; %s", all, p.category(all), p.against(c.op, all), p.givesUp(all)))
		}
		p.para(s...)
	}
}

// against describes codec's time on op and how it compares with the base.
func (p *page) against(op, codec string) string {
	base, own := p.ns(op, rawfmt.Base, false), p.ns(op, codec, false)
	e, _ := median(own)
	out := format.DurationCI(e)
	if speed, ok := ratio(base, own); ok {
		out += fmt.Sprintf(", %s as fast as encoding-json", format.RatioCI(speed))
	}
	if t := model.Compare(base, own); t.Untestable == nil && !t.Differ {
		out += fmt.Sprintf(" (not told apart from it in this run, p = %.2f)", t.P)
	}
	return out
}

// givesUp says what a configuration does differently from encoding/json,
// as the run's skips line records it.
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
