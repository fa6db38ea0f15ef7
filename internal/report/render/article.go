package render

import (
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// An article is "From 5 to 50 fields": the article's Jackson figures, the
// run's documents of the same step and every codec's growth over it.
type article struct {
	Jackson          any // model.Jackson
	Growth, DocRatio float64
	Small, Large     load.Size
	Sized            bool    // both documents have their byte sizes
	SizeRatio        float64 // the large document's bytes over the small one's
	Table            Table
}

func newArticle(a *model.Analysis) article {
	j := model.Jackson
	small, large := a.Run.Sizes[load.ArticleSmall], a.Run.Sizes[load.ArticleLarge]
	out := article{Jackson: j, Growth: j.NsLarge / j.NsSmall, DocRatio: j.DocLarge / j.DocSmall, Small: small, Large: large,
		Sized: small.HasDocBytes && large.HasDocBytes, SizeRatio: large.DocBytes / small.DocBytes}
	if len(a.Article.Rows) == 0 {
		return out
	}
	t := &out.Table
	t.Cols = []string{"codec"}
	for _, op := range a.Article.Ops {
		if op == load.OpDecodeMap {
			t.Cols = append(t.Cols, ">"+op+" ns/op, 5 → 50 fields")
		}
		t.Cols = append(t.Cols, ">"+op+" growth")
	}
	for _, row := range a.Article.Rows {
		cells := []string{row.Codec}
		for i, g := range row.Cells {
			if a.Article.Ops[i] == load.OpDecodeMap {
				cells = append(cells, cond(g.OK, func() string { return format.Duration(g.Small.V) + " → " + format.Duration(g.Large.V) }))
			}
			cells = append(cells, cond(g.OK, func() string { return format.RatioCI(g.Ratio) }))
		}
		t.add(cells...)
	}
	ref := []string{"Jackson, into a Map (the article)"}
	for _, op := range a.Article.Ops {
		if op == load.OpDecodeMap {
			ref = append(ref, format.Duration(j.NsSmall)+" → "+format.Duration(j.NsLarge), format.Ratio(out.Growth))
		} else {
			ref = append(ref, format.None)
		}
	}
	t.add(ref...)
	return out
}
