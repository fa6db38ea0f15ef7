package render

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// The findings are the page's headline sentences: findings.tmpl words each
// that the data bears, one a line. A sentence states an effect only when
// its 95% interval is narrower than the effect itself (clear), and uses no
// flagged fit.
type findingsView struct {
	names
	Small, Large string // the article's documents' field counts
	Growth       []growth
	Fastest      []fastest
	Call         *callCost
	Joint        []model.Estimate // the base's decode-struct per field and per KB, when both are clear
	Hits         *hitsSaving
}

// A growth is how the base grows from 5 to 50 fields on an article
// operation, and the lowest and highest growth across codecs.
type growth struct {
	Op           string
	Base         model.Growth
	Counted      int // codecs with a growth
	Lo, Hi       float64
	LoCodec      string // escaped, as HiCodec
	HiCodec      string
	LoCall       string // the lowest codec's call share at 5 fields in percent, when at least fixedShare
	JacksonMap   bool   // the operation is the article's: decode into a map
	JacksonRatio float64
}

// fixedShare is the call's share of the small document's time from which a
// low growth is put down to the call.
const fixedShare = 1.0 / 3

// A fastest is the fastest codec of an operation on the article's large
// document against the base, and whether that is clear.
type fastest struct {
	model.Fastest
	Verb  string // what the operation does to the document
	Named string // the codec and its category, escaped
}

// A callCost is the base's cost of a decode-struct call, with its share of
// the small and the large document's time and the growth beyond it.
type callCost struct {
	Call   model.Estimate
	Fit    model.Fit
	Resid  string // the fit's largest residual
	Shares string // "x% of its time at 5 and y% at 50 fields", "" without them
	K      string // the power form's exponent, when clear of 1
}

// A hitsSaving is what _source filtering saves the base at the largest hit
// count, against decoding into the 5-field type and the best lazy read.
type hitsSaving struct {
	Hits        int
	PerHit, Pct float64
	Proj        *float64       // decode-proj's saving in percent, when clear
	Lazy        *model.HitsRow // the best lazy read's, when clear
}

// clear reports whether e has an interval narrower than its distance from
// null (1 for a ratio, 0 for a cost or a saving).
func clear(e model.Estimate, null float64) bool { return e.HasCI && e.Hi-e.Lo < math.Abs(e.V-null) }

func findings(a *model.Analysis) ([]string, error) {
	r := a.Run
	f := findingsView{Small: fieldCount(r, load.ArticleSmall), Large: fieldCount(r, load.ArticleLarge)}
	for i, op := range a.Article.Ops[:min(2, len(a.Article.Ops))] {
		rows := slices.DeleteFunc(slices.Clone(a.Article.Rows), func(row model.ArticleRow) bool { return !row.Cells[i].OK })
		base := slices.IndexFunc(rows, func(row model.ArticleRow) bool { return row.Codec == rawfmt.Base })
		if base < 0 || !clear(rows[base].Cells[i].Ratio, 1) {
			continue
		}
		byRatio := func(x, y model.ArticleRow) int { return cmp.Compare(x.Cells[i].Ratio.V, y.Cells[i].Ratio.V) }
		lo, hi := slices.MinFunc(rows, byRatio), slices.MaxFunc(rows, byRatio)
		g := growth{Op: op, Base: rows[base].Cells[i], Counted: len(rows), Lo: lo.Cells[i].Ratio.V, Hi: hi.Cells[i].Ratio.V, LoCodec: markdown.Escape(lo.Codec), HiCodec: markdown.Escape(hi.Codec),
			JacksonMap: op == rawfmt.OpDecodeMap, JacksonRatio: model.Jackson.NsLarge / model.Jackson.NsSmall}
		if s := callShare(a, op, lo.Codec, load.ArticleSmall); s != nil && s.V >= fixedShare {
			g.LoCall = format.PercentCI(s.Times(100))
		}
		f.Growth = append(f.Growth, g)
	}
	verbs := map[string]string{rawfmt.OpDecodeStruct: "decodes %s into a struct", rawfmt.OpDecodeMap: "decodes %s into a map", rawfmt.OpEncodeStruct: "encodes %s from a struct"}
	for _, x := range a.Fastest {
		v := fastest{Fastest: x, Verb: strings.ReplaceAll(cmp.Or(verbs[x.Op], "round-trips %s (decode, then encode)"), "%s", x.Fixture), Named: markdown.Escape(x.Codec)}
		if c, ok := r.Codec(x.Codec); ok {
			v.Named += " (category " + markdown.Escape(c.Category) + ")"
		}
		if x.Codec == "" || !x.Clear || clear(x.Speedup, 1) { // a clear fastest says nothing while its speedup is not clear
			f.Fastest = append(f.Fastest, v)
		}
	}
	if pf := usableFit(a, rawfmt.OpDecodeStruct, rawfmt.Base, model.PerField); pf != nil {
		if call, ok := pf.Fit.Call(); ok {
			c := &callCost{Call: call, Fit: pf.Fit, Resid: format.Percent(100 * pf.Fit.MaxResid)}
			var shares []string
			of := " of its time"
			for _, fixture := range []string{load.ArticleSmall, load.ArticleLarge} {
				if s := callShare(a, rawfmt.OpDecodeStruct, rawfmt.Base, fixture); s != nil {
					shares, of = append(shares, format.PercentCI(s.Times(100))+of+" at "+fieldCount(r, fixture)), ""
				}
			}
			if len(shares) > 0 {
				c.Shares = strings.Join(shares, " and ") + " fields"
			}
			if pf.KResolved && clear(pf.K, 1) {
				c.K = format.CI(pf.K, format.Sig, "")
			}
			f.Call = c
		}
	}
	if jt := usableFit(a, rawfmt.OpDecodeStruct, rawfmt.Base, model.Joint); jt != nil && clear(jt.Fit.Coef[1], 0) && clear(jt.Fit.Coef[2], 0) {
		f.Joint = jt.Fit.Coef[1:3]
	}
	f.Hits = hitsFinding(a.Hits)
	lines, err := section("findings", f)
	return nonBlank(lines), err
}

// hitsFinding is what _source filtering saves the base at the largest hit
// count, when clear.
func hitsFinding(rows []model.HitsRow) *hitsSaving {
	var at *model.HitsRow
	for i, h := range rows {
		if h.Codec == rawfmt.Base && h.Decode.Saves.OK && (at == nil || h.Hits > at.Hits) {
			at = &rows[i]
		}
	}
	if at == nil || !clear(at.Decode.Saves.Pct, 0) {
		return nil
	}
	s := &hitsSaving{Hits: at.Hits, PerHit: at.Decode.Saves.PerHit.V, Pct: at.Decode.Saves.Pct.V}
	if at.Proj.OK && clear(at.Proj.Pct, 0) {
		s.Proj = &at.Proj.Pct.V
	}
	for i, h := range rows {
		if h.Hits == at.Hits && h.Get5.OK && (s.Lazy == nil || h.Get5.Pct.V > s.Lazy.Get5.Pct.V) {
			s.Lazy = &rows[i]
		}
	}
	if s.Lazy != nil && !clear(s.Lazy.Get5.Pct, 0) {
		s.Lazy = nil
	}
	return s
}

// usableFit returns the fit i of op with codec when it is usable, else nil.
func usableFit(a *model.Analysis, op, codec string, i int) *model.Result {
	j := slices.IndexFunc(a.Model, func(r model.Row) bool { return r.Op == op && r.Codec == codec })
	if j < 0 || !a.Model[j].Fits[i].Usable() {
		return nil
	}
	return &a.Model[j].Fits[i]
}

// callShare is the call's share of op's time at fixture when the fit is
// usable and the call and share are resolved; else nil.
func callShare(a *model.Analysis, op, codec, fixture string) *model.Estimate {
	res := usableFit(a, op, codec, model.PerField)
	if res == nil {
		return nil
	}
	if _, ok := res.Fit.Call(); !ok {
		return nil
	}
	if m, ok := res.MarkAt(a.Run.Sizes[fixture].Fields); ok && clear(m.CallShare, 0) {
		return &m.CallShare
	}
	return nil
}

// nonBlank is the non-blank lines of b, trimmed.
func nonBlank(b []byte) []string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
