package render

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// speedVerbs phrase what an operation does to a fixture, for the findings.
var speedVerbs = map[string]string{
	load.OpDecodeStruct: "decodes %s into a struct",
	load.OpDecodeMap:    "decodes %s into a map",
	load.OpEncodeStruct: "encodes %s from a struct",
	load.OpRoundtrip:    "round-trips %s (decode, then encode)",
}

// findings writes the page's headline sentences; each appears only when the
// data behind it is there, and a sentence stating an effect only when the
// effect's 95% interval is narrower than the effect itself (see clearOf).
// Fits that are flagged (see model.Fit.Flagged) feed no finding.
func findings(a *model.Analysis) []string {
	return slices.Concat(growthFindings(a), speedFindings(a), modelFindings(a), hitsFindings(a))
}

// clearOf reports whether an estimate's interval is narrower than the
// effect it states, its distance from null: 1 for a ratio, 0 for a cost or
// a saving. An estimate without an interval states nothing clearly.
func clearOf(e model.Estimate, null float64) bool {
	return e.HasCI && e.Hi-e.Lo < math.Abs(e.V-null)
}

// fixedShare is the share of a call's cost at the article's small document from
// which a low growth is put down to the call: with a third of the time fixed,
// the rest would grow at least half as fast again.
const fixedShare = 1.0 / 3

// usableFit returns the fit i of op with codec when it is usable.
func usableFit(a *model.Analysis, op, codec string, i int) (model.Result, bool) {
	j := slices.IndexFunc(a.Model, func(r model.Row) bool { return r.Op == op && r.Codec == codec })
	if j < 0 || !a.Model[j].Fits[i].Usable() {
		return model.Result{}, false
	}
	return a.Model[j].Fits[i], true
}

// callShare returns the share of its time a codec's op spends on the call
// at the fixture, when its fit is usable, its call cost resolved and the
// share clear.
func callShare(a *model.Analysis, op, codec, fixture string) (model.Estimate, bool) {
	res, ok := usableFit(a, op, codec, model.PerField)
	if !ok {
		return model.Estimate{}, false
	}
	if _, resolved := res.Fit.Call(); !resolved {
		return model.Estimate{}, false
	}
	m, ok := res.MarkAt(a.Run.Sizes[fixture].Fields)
	return m.CallShare, ok && clearOf(m.CallShare, 0)
}

// fieldCount is a fixture's field count as the data gives it, or its name.
func fieldCount(r *load.Run, fixture string) string {
	if s := r.Sizes[fixture]; s.HasFields {
		return format.Num(s.Fields)
	}
	return fixture
}

// growthFindings: how the base grows from 5 to 50 fields, against the
// article, and the spread across codecs.
func growthFindings(a *model.Analysis) []string {
	var out []string
	for i, op := range a.Article.Ops[:min(2, len(a.Article.Ops))] {
		var base *model.Growth
		lo, hi := math.Inf(1), math.Inf(-1)
		var loCodec, hiCodec string
		counted := 0
		for _, row := range a.Article.Rows {
			g := row.Cells[i]
			if !g.OK {
				continue
			}
			if row.Codec == rawfmt.Base {
				base = &row.Cells[i]
			}
			counted++
			if g.Ratio.V < lo {
				lo, loCodec = g.Ratio.V, row.Codec
			}
			if g.Ratio.V > hi {
				hi, hiCodec = g.Ratio.V, row.Codec
			}
		}
		if base == nil || !clearOf(base.Ratio, 1) {
			continue
		}
		s := fmt.Sprintf("%s grows %s from %s to %s fields with %s (%s → %s)", op, format.RatioCI(base.Ratio),
			fieldCount(a.Run, load.ArticleSmall), fieldCount(a.Run, load.ArticleLarge), rawfmt.Base, format.Duration(base.Small.Center), format.Duration(base.Large.Center))
		if op == load.OpDecodeMap {
			s += fmt.Sprintf("; the article's Jackson decode into a Map grew %s", format.Ratio(model.Jackson.NsLarge/model.Jackson.NsSmall))
		}
		if counted > 1 {
			s += fmt.Sprintf(". Across %d codecs the growth runs from %s (%s) to %s (%s)", counted, format.Ratio(lo), esc(loCodec), format.Ratio(hi), esc(hiCodec))
			if share, ok := callShare(a, op, loCodec, load.ArticleSmall); ok && share.V >= fixedShare {
				s += fmt.Sprintf(" — %s's is low because of a fixed per-call cost: %s of its time at %s fields", esc(loCodec), format.PercentCI(share.Times(100)), fieldCount(a.Run, load.ArticleSmall))
			}
		}
		out = append(out, s+".")
	}
	return out
}

// speedFindings: the fastest codec on the article's large fixture per
// operation, against the base, when significant.
func speedFindings(a *model.Analysis) []string {
	var out []string
	for _, f := range a.Fastest {
		verb := fmt.Sprintf(speedVerbs[f.Op], f.Fixture)
		if f.Codec == "" {
			out = append(out, fmt.Sprintf("No codec %s faster than %s.", verb, rawfmt.Base))
			continue
		}
		named := esc(f.Codec)
		if c, ok := a.Run.Codec(f.Codec); ok {
			named = fmt.Sprintf("%s (category %s)", named, esc(c.Category))
		}
		switch {
		case !f.Test.Differ && f.Test.Untestable != nil:
			out = append(out, fmt.Sprintf("%s is the fastest codec that %s, %s ahead of %s; the difference is untested (%v).", named, verb, format.Ratio(f.Speedup.V), rawfmt.Base, f.Test.Untestable))
		case !f.Test.Differ:
			out = append(out, fmt.Sprintf("%s is the fastest codec that %s, %s ahead of %s, but with p=%.3f the difference is not significant.", named, verb, format.Ratio(f.Speedup.V), rawfmt.Base, f.Test.P))
		case clearOf(f.Speedup, 1):
			out = append(out, fmt.Sprintf("%s %s %s faster than %s (%s vs %s; p=%.3f).", named, verb, format.RatioCI(f.Speedup), rawfmt.Base, format.Duration(f.Best), format.Duration(f.Base), f.Test.P))
		}
	}
	return out
}

// modelFindings: the base's cost of a call against its cost per field, and
// per field against per KB, from usable fits only.
func modelFindings(a *model.Analysis) []string {
	var out []string
	op := load.OpDecodeStruct
	if pf, ok := usableFit(a, op, rawfmt.Base, model.PerField); ok {
		if c, resolved := pf.Fit.Call(); resolved {
			s := fmt.Sprintf("%s %s costs %s per call (fitted as %s, largest residual %s)", rawfmt.Base, op, format.DurationCI(c), pf.Fit.Form, format.Percent(100*pf.Fit.MaxResid))
			var shares []string
			for _, f := range []string{load.ArticleSmall, load.ArticleLarge} {
				if share, ok := callShare(a, op, rawfmt.Base, f); ok {
					shares = append(shares, fmt.Sprintf("%s at %s", format.PercentCI(share.Times(100)), fieldCount(a.Run, f)))
				}
			}
			if len(shares) > 0 {
				s += ": the call is " + strings.Replace(strings.Join(shares, " and "), " at ", " of its time at ", 1) + " fields"
			}
			if pf.KResolved && clearOf(pf.K, 1) {
				s += fmt.Sprintf("; beyond the call, its cost grows as n^k with k = %s", format.CI(pf.K, format.Sig, ""))
			}
			out = append(out, s+".")
		}
	}
	if jt, ok := usableFit(a, op, rawfmt.Base, model.Joint); ok && clearOf(jt.Fit.Coef[1], 0) && clearOf(jt.Fit.Coef[2], 0) {
		out = append(out, fmt.Sprintf("Holding bytes apart from fields (the joint fit), %s %s costs %s per field and %s per KB.",
			rawfmt.Base, op, format.DurationCI(jt.Fit.Coef[1]), format.DurationCI(jt.Fit.Coef[2])))
	}
	return out
}

// hitsFindings: what `_source` filtering saves at the largest hit count,
// against client-side projection.
func hitsFindings(a *model.Analysis) []string {
	var at *model.HitsRow
	for i := range a.Hits {
		r := &a.Hits[i]
		if r.Codec == rawfmt.Base && r.Filtering.OK && (at == nil || r.Hits > at.Hits) {
			at = r
		}
	}
	if at == nil || !clearOf(at.Filtering.Pct, 0) {
		return nil
	}
	s := fmt.Sprintf("With %d hits, `_source` filtering to 5 fields saves %s %s per hit (%s) in %s",
		at.Hits, rawfmt.Base, format.Duration(at.Filtering.PerHit.V), format.Percent(at.Filtering.Pct.V), load.OpDecodeStruct)
	if at.Proj.OK && clearOf(at.Proj.Pct, 0) {
		s += fmt.Sprintf("; decoding the full response into the 5-field type (%s) saves %s", load.OpDecodeProj, format.Percent(at.Proj.Pct.V))
	}
	var lazy *model.HitsRow
	for i := range a.Hits {
		r := &a.Hits[i]
		if r.Hits == at.Hits && r.Get5.OK && (lazy == nil || r.Get5.Pct.V > lazy.Get5.Pct.V) {
			lazy = r
		}
	}
	if lazy != nil && clearOf(lazy.Get5.Pct, 0) {
		against := ""
		if lazy.Get5.Baseline != "" {
			against = fmt.Sprintf(", against %s's %s", esc(lazy.Get5.Baseline), load.OpDecodeStruct)
		}
		s += fmt.Sprintf(", and the best lazy read (%s with %s%s) %s", load.OpGet5, esc(lazy.Codec), against, format.Percent(lazy.Get5.Pct.V))
	}
	return []string{s + "."}
}
