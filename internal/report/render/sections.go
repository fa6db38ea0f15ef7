package render

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

func harness(d *doc, a *model.Analysis) {
	h := a.Harness
	if !h.HasNoop {
		return
	}
	d.line("## Harness overhead")
	d.line("")
	d.line("The `%s` cell runs the timed loop around a call into a codec that does nothing: the loop and the call through a function value that every other cell pays for being measured.", rawfmt.Noop)
	d.line("")
	rows := [][]string{{cellName(a.Run.Noop), format.CI(h.Noop.Estimate(), format.Num, ""), format.None}}
	if h.Cheapest != (rawfmt.Cell{}) {
		rows = append(rows, []string{"cheapest cell: " + cellName(h.Cheapest), format.CI(h.CheapestNs.Estimate(), format.Num, ""), format.Percent(100 * h.Noop.Center / h.CheapestNs.Center)})
	}
	if h.CheapestCodec != (rawfmt.Cell{}) && h.CheapestCodec != h.Cheapest {
		rows = append(rows, []string{"cheapest codec cell: " + cellName(h.CheapestCodec), format.CI(h.CheapestCodNs.Estimate(), format.Num, ""), format.Percent(100 * h.Noop.Center / h.CheapestCodNs.Center)})
	}
	d.table([]string{"cell", ">ns/op (95% CI)", ">noop as share of it"}, rows)
	d.line("")
	if h.HasNoopAllocs {
		if h.NoopAllocs.Center == 0 {
			d.line("The harness itself does not allocate.")
		} else {
			d.line("The harness itself allocates %s times per call.", format.Num(h.NoopAllocs.Center))
		}
		d.line("")
	}
}

// floor lists the codec cells faster than the floor; a run without one
// (an old run with an allocation reference instead) lists none.
func floor(d *doc, a *model.Analysis) {
	if !a.Run.Floor {
		return
	}
	d.line("## Faster than the floor")
	d.line("")
	if len(a.UnderFloor) == 0 {
		d.line("No codec cell is faster than `%s` on the same operation and document.", rawfmt.Floor)
		d.line("")
		return
	}
	d.line("These codec cells take less time than `%s`, the least work the same operation on the same document cannot avoid (a read-only pass over the input, or a copy of the output into a reused buffer): they do less than read (or write) the whole document, as a lazy lookup may, or the difference is noise. Each ratio is the codec's median over the floor's, with a 95%% bootstrap interval; an interval reaching 1× does not tell them apart.", rawfmt.Floor)
	d.line("")
	var rows [][]string
	for _, f := range a.UnderFloor {
		rows = append(rows, []string{f.Cell.Op, f.Cell.Fixture, f.Cell.Codec, format.DurationCI(f.Codec.Estimate()), format.DurationCI(f.Floor.Estimate()), format.RatioCI(f.Ratio)})
	}
	d.table([]string{"op", "fixture", "codec", ">codec (95% CI)", ">" + rawfmt.Floor, ">codec / floor"}, rows)
	d.line("")
}

func article(d *doc, a *model.Analysis) {
	t, r, j := a.Article, a.Run, model.Jackson
	d.line("## From 5 to 50 fields: the article's test")
	d.line("")
	d.line("The article behind this suite decoded a %s-field document (%s) and a %s-field one (%s) into a Map with Jackson: %s → %s per call, %s. The same step here is `%s` → `%s`.",
		format.Num(j.FieldsSmall), format.Bytes(j.DocSmall), format.Num(j.FieldsLarge), format.Bytes(j.DocLarge), format.Duration(j.NsSmall), format.Duration(j.NsLarge), format.Ratio(j.NsLarge/j.NsSmall), load.ArticleSmall, load.ArticleLarge)
	small, large := r.Sizes[load.ArticleSmall], r.Sizes[load.ArticleLarge]
	if small.HasDocBytes && large.HasDocBytes {
		d.line("Those documents are %s and %s (%s larger; the article's: %s).", format.Bytes(small.DocBytes), format.Bytes(large.DocBytes), format.Ratio(large.DocBytes/small.DocBytes), format.Ratio(j.DocLarge/j.DocSmall))
	}
	d.line("")
	if len(t.Rows) == 0 {
		d.line("This run has no `%s` and `%s` cells of the article's operations.", load.ArticleSmall, load.ArticleLarge)
		d.line("")
		return
	}
	d.line("Each cell is median ns/op at 50 fields over median ns/op at 5 fields, with a 95%% bootstrap interval.")
	d.line("")
	cols := []string{"codec"}
	for _, op := range t.Ops {
		if op == load.OpDecodeMap {
			cols = append(cols, ">"+op+" ns/op, 5 → 50 fields")
		}
		cols = append(cols, ">"+op+" growth")
	}
	var rows [][]string
	for _, row := range t.Rows {
		cells := []string{row.Codec}
		for i, g := range row.Cells {
			if t.Ops[i] == load.OpDecodeMap {
				cells = append(cells, growthText(g, func(g model.Growth) string {
					return format.Duration(g.Small.Center) + " → " + format.Duration(g.Large.Center)
				}))
			}
			cells = append(cells, growthText(g, func(g model.Growth) string { return format.RatioCI(g.Ratio) }))
		}
		rows = append(rows, cells)
	}
	ref := []string{"Jackson, into a Map (the article)"}
	for _, op := range t.Ops {
		if op == load.OpDecodeMap {
			ref = append(ref, format.Duration(j.NsSmall)+" → "+format.Duration(j.NsLarge), format.Ratio(j.NsLarge/j.NsSmall))
		} else {
			ref = append(ref, format.None)
		}
	}
	d.table(cols, append(rows, ref))
	d.line("")
}

func growthText(g model.Growth, f func(model.Growth) string) string {
	if !g.OK {
		return format.None
	}
	return f(g)
}

func hits(d *doc, a *model.Analysis) {
	d.line("## `_source` filtering against client-side projection")
	d.line("")
	if len(a.Hits) == 0 {
		d.line("This run has no %s cells.", load.ESHits.Label())
		d.line("")
		return
	}
	d.line("An Elasticsearch search response with H hits of 50-field `_source` documents (`%sH-full`), read with `%s` into the full type, is the baseline. Asking Elasticsearch for the 5 fields the client uses (`%sH-source5`) is the article's fix; decoding the full response into a 5-field type (`%s`) or looking up the 5 fields of every hit lazily, path by path (`%s`), are what a client can do alone. Each cell is what that saves per hit against the baseline, with the saving in percent and its 95%% bootstrap interval.",
		load.ESHits.Prefix, load.OpDecodeStruct, load.ESHits.Prefix, load.OpDecodeProj, load.OpGet5)
	d.line("")
	footnote := false
	var rows [][]string
	for _, r := range a.Hits {
		full := format.None
		if r.HasFull {
			full = format.Duration(r.Full.Center / float64(r.Hits))
		}
		get5 := savingText(r.Get5)
		if r.Get5.OK && r.Get5.Baseline != "" {
			get5 += " †"
			footnote = true
		}
		rows = append(rows, []string{fmt.Sprint(r.Hits), r.Codec, full, savingText(r.Filtering), savingText(r.Proj), get5})
	}
	d.table([]string{">hits", "codec", ">" + load.OpDecodeStruct + ", per hit", ">`_source` filtered saves", ">" + load.OpDecodeProj + " saves", ">" + load.OpGet5 + " saves"}, rows)
	d.line("")
	if footnote {
		d.line("† The codec has no %s: the saving is against %s's %s of the same document.", load.OpDecodeStruct, rawfmt.Base, load.OpDecodeStruct)
		d.line("")
	}
}

func savingText(s model.Saving) string {
	if !s.OK {
		return format.None
	}
	return format.Duration(s.PerHit.V) + " · " + format.PercentCI(s.Pct)
}
