package render

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// harnessView is what templates/harness.tmpl shows: the noop cell against
// the cheapest cells.
type harnessView struct {
	suite
	Rows      [][]string
	HasAllocs bool
	Allocs    string // per call, "" for none
}

func harness(d *doc, a *model.Analysis) {
	h := a.Harness
	if !h.HasNoop {
		return
	}
	v := harnessView{
		Rows:      [][]string{{cellName(a.Run.Noop), format.CI(h.Noop.Estimate(), format.Num, ""), format.None}},
		HasAllocs: h.HasNoopAllocs,
	}
	if h.Cheapest != (rawfmt.Cell{}) {
		v.Rows = append(v.Rows, []string{"cheapest cell: " + cellName(h.Cheapest), format.CI(h.CheapestNs.Estimate(), format.Num, ""), format.Percent(100 * h.Noop.Center / h.CheapestNs.Center)})
	}
	if h.CheapestCodec != (rawfmt.Cell{}) && h.CheapestCodec != h.Cheapest {
		v.Rows = append(v.Rows, []string{"cheapest codec cell: " + cellName(h.CheapestCodec), format.CI(h.CheapestCodNs.Estimate(), format.Num, ""), format.Percent(100 * h.Noop.Center / h.CheapestCodNs.Center)})
	}
	if h.HasNoopAllocs && h.NoopAllocs.Center != 0 {
		v.Allocs = format.Num(h.NoopAllocs.Center)
	}
	d.section("harness", v)
}

// floorView is what templates/floor.tmpl shows: the codec cells faster
// than the floor.
type floorView struct {
	suite
	Rows [][]string
}

// floor lists the codec cells faster than the floor; a run without one
// (an old run with an allocation reference instead) lists none.
func floor(d *doc, a *model.Analysis) {
	if !a.Run.Floor {
		return
	}
	var v floorView
	for _, f := range a.UnderFloor {
		v.Rows = append(v.Rows, []string{f.Cell.Op, f.Cell.Fixture, f.Cell.Codec, format.DurationCI(f.Codec.Estimate()), format.DurationCI(f.Floor.Estimate()), format.RatioCI(f.Ratio)})
	}
	d.section("floor", v)
}

// articleView is what templates/article.tmpl shows: the article's Jackson
// figures against the growth from 5 to 50 fields of each codec.
type articleView struct {
	J struct {
		FieldsSmall, FieldsLarge, DocSmall, DocLarge string
		NsSmall, NsLarge, Growth                     string
	}
	Small, Large string // the two fixtures
	Docs         *struct{ Small, Large, Growth, Article string }
	Cols         []string
	Rows         [][]string
}

func article(d *doc, a *model.Analysis) {
	t, r, j := a.Article, a.Run, model.Jackson
	v := articleView{Small: load.ArticleSmall, Large: load.ArticleLarge}
	v.J.FieldsSmall, v.J.FieldsLarge = format.Num(j.FieldsSmall), format.Num(j.FieldsLarge)
	v.J.DocSmall, v.J.DocLarge = format.Bytes(j.DocSmall), format.Bytes(j.DocLarge)
	v.J.NsSmall, v.J.NsLarge, v.J.Growth = format.Duration(j.NsSmall), format.Duration(j.NsLarge), format.Ratio(j.NsLarge/j.NsSmall)
	small, large := r.Sizes[load.ArticleSmall], r.Sizes[load.ArticleLarge]
	if small.HasDocBytes && large.HasDocBytes {
		v.Docs = &struct{ Small, Large, Growth, Article string }{format.Bytes(small.DocBytes), format.Bytes(large.DocBytes), format.Ratio(large.DocBytes / small.DocBytes), format.Ratio(j.DocLarge / j.DocSmall)}
	}
	if len(t.Rows) == 0 {
		d.section("article", v)
		return
	}
	v.Cols = []string{"codec"}
	for _, op := range t.Ops {
		if op == load.OpDecodeMap {
			v.Cols = append(v.Cols, ">"+op+" ns/op, 5 → 50 fields")
		}
		v.Cols = append(v.Cols, ">"+op+" growth")
	}
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
		v.Rows = append(v.Rows, cells)
	}
	ref := []string{"Jackson, into a Map (the article)"}
	for _, op := range t.Ops {
		if op == load.OpDecodeMap {
			ref = append(ref, v.J.NsSmall+" → "+v.J.NsLarge, v.J.Growth)
		} else {
			ref = append(ref, format.None)
		}
	}
	v.Rows = append(v.Rows, ref)
	d.section("article", v)
}

func growthText(g model.Growth, f func(model.Growth) string) string {
	if !g.OK {
		return format.None
	}
	return f(g)
}

// hitsView is what templates/hits.tmpl shows: what each way of reading
// fewer fields saves per hit.
type hitsView struct {
	suite
	Rows     [][]string
	Footnote bool // a saving is against the base codec's decode
}

func hits(d *doc, a *model.Analysis) {
	var v hitsView
	for _, r := range a.Hits {
		full := format.None
		if r.HasFull {
			full = format.Duration(r.Full.Center / float64(r.Hits))
		}
		get5 := savingText(r.Get5)
		if r.Get5.OK && r.Get5.Baseline != "" {
			get5 += " †"
			v.Footnote = true
		}
		v.Rows = append(v.Rows, []string{fmt.Sprint(r.Hits), r.Codec, full, savingText(r.Filtering), savingText(r.Proj), get5})
	}
	d.section("hits", v)
}

func savingText(s model.Saving) string {
	if !s.OK {
		return format.None
	}
	return format.Duration(s.PerHit.V) + " · " + format.PercentCI(s.Pct)
}
