package render

import (
	"fmt"
	"math"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
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
// data behind it is there.
func findings(a *model.Analysis) []string {
	return slices.Concat(growthFindings(a), speedFindings(a), modelFindings(a), hitsFindings(a))
}

// fieldCount is a fixture's field count as the data gives it, or its name.
func fieldCount(r *load.Run, fixture string) string {
	if s := r.Sizes[fixture]; s.HasFields {
		return num(s.Fields)
	}
	return fixture
}

// growthFindings: how the base grows from 5 to 50 fields, against the
// article, and the spread across codecs.
func growthFindings(a *model.Analysis) []string {
	var out []string
	for i, op := range a.Seed.Ops[:min(2, len(a.Seed.Ops))] {
		var base *model.Growth
		lo, hi := math.Inf(1), math.Inf(-1)
		var loCodec, hiCodec string
		counted := 0
		for _, row := range a.Seed.Rows {
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
		if base == nil {
			continue
		}
		s := fmt.Sprintf("%s grows %s from %s to %s fields with %s (%s → %s)", op, withCI(base.Ratio, times),
			fieldCount(a.Run, load.SeedSmall), fieldCount(a.Run, load.SeedLarge), rawfmt.Base, ns(base.Small.Center), ns(base.Large.Center))
		if op == load.OpDecodeMap {
			s += fmt.Sprintf("; the article's Jackson decode into a Map grew %s", times(model.Jackson.NsLarge/model.Jackson.NsSmall))
		}
		if counted > 1 {
			s += fmt.Sprintf(". Across %d codecs the growth runs from %s (%s) to %s (%s)", counted, times(lo), esc(loCodec), times(hi), esc(hiCodec))
		}
		out = append(out, s+".")
	}
	return out
}

// speedFindings: the fastest codec on the seed's large fixture per
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
			out = append(out, fmt.Sprintf("%s is the fastest codec that %s, %s ahead of %s; the difference is untested (%v).", named, verb, times(f.Speedup.V), rawfmt.Base, f.Test.Untestable))
		case !f.Test.Differ:
			out = append(out, fmt.Sprintf("%s is the fastest codec that %s, %s ahead of %s, but with p=%.3f the difference is not significant.", named, verb, times(f.Speedup.V), rawfmt.Base, f.Test.P))
		default:
			out = append(out, fmt.Sprintf("%s %s %s faster than %s (%s vs %s; p=%.3f).", named, verb, withCI(f.Speedup, times), rawfmt.Base, ns(f.Best), ns(f.Base), f.Test.P))
		}
	}
	return out
}

// modelFindings: the base's per-call against per-field cost.
func modelFindings(a *model.Analysis) []string {
	i := slices.IndexFunc(a.Model, func(r model.Row) bool { return r.Op == load.OpDecodeStruct && r.Codec == rawfmt.Base })
	if i < 0 {
		return nil
	}
	var out []string
	row := a.Model[i]
	if pf := row.Fits[model.PerField]; pf.OK() {
		c0, c1 := pf.Fit.Coef[0].V, pf.Fit.Coef[1].V
		s := fmt.Sprintf("%s %s costs %s per call plus %s per field (R² %s)", rawfmt.Base, load.OpDecodeStruct, ns(c0), ns(c1), r2(pf.Fit.R2))
		small, large := a.Run.Sizes[load.SeedSmall], a.Run.Sizes[load.SeedLarge]
		if c0 > 0 && c1 > 0 && small.HasFields && large.HasFields {
			s += fmt.Sprintf(": the call itself weighs as much as %s fields, %s of the cost at %s fields and %s at %s",
				num(c0/c1), pct(100*c0/(c0+c1*small.Fields)), num(small.Fields), pct(100*c0/(c0+c1*large.Fields)), num(large.Fields))
		}
		out = append(out, s+".")
	}
	if jt := row.Fits[model.Joint]; jt.OK() {
		out = append(out, fmt.Sprintf("Holding bytes apart from fields (the joint fit), %s %s costs %s per field and %s per KB.",
			rawfmt.Base, load.OpDecodeStruct, nsCI(jt.Fit.Coef[1]), nsCI(jt.Fit.Coef[2])))
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
	if at == nil {
		return nil
	}
	s := fmt.Sprintf("With %d hits, `_source` filtering to 5 fields saves %s %s per hit (%s) in %s",
		at.Hits, rawfmt.Base, ns(at.Filtering.PerHit.V), pct(at.Filtering.Pct.V), load.OpDecodeStruct)
	if at.Proj.OK {
		s += fmt.Sprintf("; decoding the full response into the 5-field type (%s) saves %s", load.OpDecodeProj, pct(at.Proj.Pct.V))
	}
	var lazy *model.HitsRow
	for i := range a.Hits {
		r := &a.Hits[i]
		if r.Hits == at.Hits && r.Get5.OK && (lazy == nil || r.Get5.Pct.V > lazy.Get5.Pct.V) {
			lazy = r
		}
	}
	if lazy != nil {
		against := ""
		if lazy.Get5.Baseline != "" {
			against = fmt.Sprintf(", against %s's %s", esc(lazy.Get5.Baseline), load.OpDecodeStruct)
		}
		s += fmt.Sprintf(", and the best lazy read (%s with %s%s) %s", load.OpGet5, esc(lazy.Codec), against, pct(lazy.Get5.Pct.V))
	}
	return []string{s + "."}
}
