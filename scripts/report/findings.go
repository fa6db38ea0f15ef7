package main

import (
	"fmt"
	"math"
	"slices"
)

// speedOps are the operations whose fastest codec at seedLarge the findings name, with the verb
// phrase for the sentence.
var speedOps = []struct{ op, verb string }{
	{"decode-struct", "decodes %s into a struct"},
	{"decode-map", "decodes %s into a map"},
	{"encode-struct", "encodes %s from a struct"},
	{"roundtrip", "round-trips %s (decode, then encode)"},
}

// findings writes the page's headline sentences from the data; each appears only when the data
// behind it is there.
func findings(pg *page) []string {
	var out []string
	out = append(out, growthFindings(pg)...)
	out = append(out, speedFindings(pg)...)
	out = append(out, modelFindings(pg)...)
	out = append(out, hitsFindings(pg)...)
	return out
}

// fieldCount is a fixture's field count as the data gives it, or its name.
func (rd *runData) fieldCount(fixture string) string {
	if fi := rd.sizes[fixture]; fi.hasFields {
		return num(fi.fields)
	}
	return fixture
}

// growthFindings: how the base codec grows from 5 to 50 fields, against the article, and the
// spread across codecs.
func growthFindings(pg *page) []string {
	var out []string
	rd := pg.rd
	for i, op := range pg.seed.ops[:min(2, len(pg.seed.ops))] {
		var base *growth
		lo, hi := math.Inf(1), math.Inf(-1)
		var loCodec, hiCodec string
		counted := 0
		for _, r := range pg.seed.rows {
			g := r.cells[i]
			if !g.ok {
				continue
			}
			if r.codec == baseCodec {
				base = &r.cells[i]
			}
			if r.codec == floorCodec {
				continue
			}
			counted++
			if g.ratio.v < lo {
				lo, loCodec = g.ratio.v, r.codec
			}
			if g.ratio.v > hi {
				hi, hiCodec = g.ratio.v, r.codec
			}
		}
		if base == nil {
			continue
		}
		s := fmt.Sprintf("%s grows %s from %s to %s fields with %s (%s → %s)", op, withCI(base.ratio, times),
			rd.fieldCount(seedSmall), rd.fieldCount(seedLarge), baseCodec, ns(base.small.center), ns(base.large.center))
		if op == "decode-map" {
			s += fmt.Sprintf("; the article's Jackson decode into a Map grew %s", times(jackson.nsLarge/jackson.nsSmall))
		}
		if counted > 1 {
			s += fmt.Sprintf(". Across %d codecs the growth runs from %s (%s) to %s (%s)", counted, times(lo), loCodec, times(hi), hiCodec)
		}
		out = append(out, s+".")
	}
	return out
}

// speedFindings: the fastest codec at seedLarge per operation against the base, when significant.
func speedFindings(pg *page) []string {
	var out []string
	rd := pg.rd
	for _, so := range speedOps {
		base := rd.samples(so.op, seedLarge, baseCodec, unitNs)
		if len(base) == 0 {
			continue
		}
		fastest, best := "", median(base)
		for _, codec := range rd.codecs {
			if codec == baseCodec || codec == floorCodec {
				continue
			}
			if s := rd.samples(so.op, seedLarge, codec, unitNs); len(s) > 0 && median(s) < best {
				fastest, best = codec, median(s)
			}
		}
		verb := fmt.Sprintf(so.verb, seedLarge)
		if fastest == "" {
			out = append(out, fmt.Sprintf("No codec %s faster than %s.", verb, baseCodec))
			continue
		}
		named := fastest
		if cat := rd.category(fastest); cat != "" {
			named = fmt.Sprintf("%s (category %s)", fastest, cat)
		}
		fast := rd.samples(so.op, seedLarge, fastest, unitNs)
		differ, p, untestable := compareSamples(base, fast)
		r, _ := ratio(base, fast)
		if !differ && untestable != nil {
			out = append(out, fmt.Sprintf("%s is the fastest codec that %s, %s ahead of %s; the difference is untested (%v).", named, verb, times(r.v), baseCodec, untestable))
			continue
		}
		if !differ {
			out = append(out, fmt.Sprintf("%s is the fastest codec that %s, %s ahead of %s, but with p=%.3f the difference is not significant.", named, verb, times(r.v), baseCodec, p))
			continue
		}
		out = append(out, fmt.Sprintf("%s %s %s faster than %s (%s vs %s; p=%.3f).", named, verb, withCI(r, times), baseCodec, ns(best), ns(median(base)), p))
	}
	return out
}

// modelFindings: the base codec's per-call against per-field cost.
func modelFindings(pg *page) []string {
	var out []string
	rd := pg.rd
	i := slices.IndexFunc(pg.model, func(r modelRow) bool { return r.op == opDecodeStruct && r.codec == baseCodec })
	if i < 0 {
		return nil
	}
	row := pg.model[i]
	if pf := row.fits[fitPerField]; pf.ok() {
		a, b := pf.fit.coef[0].v, pf.fit.coef[1].v
		s := fmt.Sprintf("%s %s costs %s per call plus %s per field (R² %s)", baseCodec, opDecodeStruct, ns(a), ns(b), r2(pf.fit.r2))
		small, large := rd.sizes[seedSmall], rd.sizes[seedLarge]
		if a > 0 && b > 0 && small.hasFields && large.hasFields {
			s += fmt.Sprintf(": the call itself weighs as much as %s fields, %s of the cost at %s fields and %s at %s",
				num(a/b), pct(100*a/(a+b*small.fields)), num(small.fields), pct(100*a/(a+b*large.fields)), num(large.fields))
		}
		out = append(out, s+".")
	}
	if jt := row.fits[fitJoint]; jt.ok() {
		out = append(out, fmt.Sprintf("Holding bytes apart from fields (the joint fit), %s %s costs %s per field and %s per KB.",
			baseCodec, opDecodeStruct, nsCI(jt.fit.coef[1]), nsCI(jt.fit.coef[2])))
	}
	return out
}

// hitsFindings: what _source filtering saves at the largest hit count, against client-side
// projection.
func hitsFindings(pg *page) []string {
	var at *hitsRow
	for i := range pg.hits {
		r := &pg.hits[i]
		if r.codec == baseCodec && r.filtering.ok && (at == nil || r.hits > at.hits) {
			at = r
		}
	}
	if at == nil {
		return nil
	}
	s := fmt.Sprintf("With %d hits, `_source` filtering to 5 fields saves %s %s per hit (%s) in %s",
		at.hits, baseCodec, ns(at.filtering.perHit.v), pct(at.filtering.pct.v), opDecodeStruct)
	if at.proj.ok {
		s += fmt.Sprintf("; decoding the full response into the 5-field type (%s) saves %s", opDecodeProj, pct(at.proj.pct.v))
	}
	var lazy *hitsRow
	for i := range pg.hits {
		r := &pg.hits[i]
		if r.hits == at.hits && r.get5.ok && (lazy == nil || r.get5.pct.v > lazy.get5.pct.v) {
			lazy = r
		}
	}
	if lazy != nil {
		against := ""
		if lazy.get5.baseline != "" {
			against = fmt.Sprintf(", against %s's %s", lazy.get5.baseline, opDecodeStruct)
		}
		s += fmt.Sprintf(", and the best lazy read (%s with %s%s) %s", opGet5, lazy.codec, against, pct(lazy.get5.pct.v))
	}
	return []string{s + "."}
}
