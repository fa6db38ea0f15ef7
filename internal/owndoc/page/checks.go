package page

import (
	"fmt"
	"slices"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A page states findings only from numbers that hold together: model's
// rules, the same as the machine pages', on precision (model.Verdict) and
// on parts of the work that cannot cost more than their whole
// (model.Consistency, the filtered document among them), and one of its
// own: a filtered decode cannot save more than its size allows.

// shareSlack is how far below its share of the document the filtered decode may go before the
// page calls it implausible: under an affine cost model it takes at least the smaller of its
// shares of values and bytes; values of unequal cost can take it lower, but not by half.
const shareSlack = 0.5

// problems returns why the run states no finding, each as a sentence: first the
// verdict of the machine pages (model.RunVerdict) on each codec's ratio to its base
// where the run paired them, as the page ranks by ratios.
func (p *page) problems() []string {
	out := []string{model.RunVerdict(p.Run).Why()}
	if all, _, _ := model.Overall(p.Run); out[0] != "" && all.Busy() {
		out[0] += " " + format.Busy(all.Low, all.High)
	}
	for _, c := range model.Failed(model.Consistency(p.Run)) {
		out = append(out, c.Why())
	}
	for _, codec := range p.Run.CodecNames {
		out = append(out, p.belowShare(codec))
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}

// belowShare reports a filtered decode that, beyond both intervals, takes less than
// shareSlack of its smaller share (values or bytes) of the whole document's decode.
func (p *page) belowShare(codec string) string {
	full, filtered := p.Run.Sizes[p.Info.Name], p.Run.Sizes[p.Info.Filtered]
	if !full.HasDocBytes || !full.HasFields || full.DocBytes <= 0 || full.Fields <= 0 {
		return ""
	}
	bytes, values := filtered.DocBytes/full.DocBytes, filtered.Fields/full.Fields
	a, w := p.ns(serverSide.op, codec, true).Estimate(), p.ns(fullDecode.op, codec, false).Estimate()
	if !a.HasCI || !w.HasCI || a.Hi >= shareSlack*min(bytes, values)*w.Lo {
		return ""
	}
	return fmt.Sprintf("%s of the filtered document with %s takes %s, under %s of %s with %s, %s, though the filtered document holds %s of its bytes and %s of its values: more saved than its size allows.",
		serverSide.op, codec, format.DurationCI(a), format.Percent(100*shareSlack), fullDecode.op, codec, format.DurationCI(w), format.Percent(100*bytes), format.Percent(100*values))
}
