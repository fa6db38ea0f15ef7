package page

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A page states findings only from numbers that hold together: intervals narrow enough to rank,
// and no cell faster, beyond both intervals, than a part of its own work (problems).

// shareSlack is how far below its share of the document the filtered decode may go before the
// page calls it implausible: under an affine cost model it takes at least the smaller of its
// shares of values and bytes; values of unequal cost can take it lower, but not by half.
const shareSlack = 0.5

// A part is an operation whose work its whole includes: it cannot take longer.
type part struct {
	part, whole way
	why         string
}

var parts = []part{
	{fullDecode, roundtrip, "roundtrip decodes the document as decode-struct does, then encodes it"},
	{encodeStruct, roundtrip, "roundtrip encodes the document as encode-struct does, after decoding it"},
	{serverSide, fullDecode, "the filtered document is part of the document"},
}

func (w way) label(codec string) string {
	s := w.op
	if w.filtered {
		s += " of the filtered document"
	}
	return s + " with " + codec
}

// problems returns why the run states no finding, each as a sentence.
func (p *page) problems() []string {
	var out []string
	if s := p.precision(); s != "" {
		out = append(out, s)
	}
	for _, codec := range p.Run.CodecNames {
		for _, pt := range parts {
			a, okA := p.summary(pt.part, codec)
			w, okW := p.summary(pt.whole, codec)
			if okA && okW && a.Lo > w.Hi {
				out = append(out, fmt.Sprintf("%s takes %s, more than %s, %s, though %s.",
					pt.part.label(codec), format.DurationCI(a), pt.whole.label(codec), format.DurationCI(w), pt.why))
			}
		}
		if s := p.belowShare(codec); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// summary is the median of w with codec and its interval; ok when the interval is finite.
func (p *page) summary(w way, codec string) (e model.Estimate, ok bool) {
	e = p.ns(w.op, codec, w.filtered).Estimate()
	return e, e.HasCI
}

// belowShare reports a filtered decode that, beyond both intervals, takes less than
// shareSlack of its smaller share (values or bytes) of the whole document's decode.
func (p *page) belowShare(codec string) string {
	full, filtered := p.Run.Sizes[p.Info.Name], p.Run.Sizes[p.Info.Filtered]
	if !full.HasDocBytes || !full.HasFields || full.DocBytes <= 0 || full.Fields <= 0 {
		return ""
	}
	bytes, values := filtered.DocBytes/full.DocBytes, filtered.Fields/full.Fields
	a, okA := p.summary(serverSide, codec)
	w, okW := p.summary(fullDecode, codec)
	if !okA || !okW || a.Hi >= shareSlack*min(bytes, values)*w.Lo {
		return ""
	}
	return fmt.Sprintf("%s takes %s, under %s of %s, %s, though the filtered document holds %s of its bytes and %s of its values: more saved than its size allows.",
		serverSide.label(codec), format.DurationCI(a), format.Percent(100*shareSlack), fullDecode.label(codec), format.DurationCI(w), format.Percent(100*bytes), format.Percent(100*values))
}

// precision says why the cells are too imprecise to rank (model.Verdict), or "".
func (p *page) precision() string {
	var es []model.Estimate
	for _, t := range tableOps {
		for _, codec := range p.Run.CodecNames {
			if s := p.ns(t.w.op, codec, t.w.filtered); s.Known() {
				es = append(es, s.Estimate())
			}
		}
	}
	line := model.Judge(es).Why()
	if all, _, _ := model.Overall(p.Run); line != "" && all.Busy() {
		line += " " + format.Busy(all.Low, all.High)
	}
	return line
}
