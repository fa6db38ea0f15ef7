package render

import (
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// decisionDocs are the documents the rankings are made on.
var decisionDocs = []string{load.ArticleSmall, load.ArticleLarge, load.Fields.Prefix + "1000", load.Realworld.Prefix + "twitter_status"}

// A ranking is one operation's standings on one document; templates/decision.tmpl
// tables them per operation, and choose.tmpl advises from them.
type ranking struct {
	Op, Fixture string
	Ref         string // the configuration the ratios are against
	Standings   []model.Standing
}

// rankings ranks every operation's configurations on the decisionDocs the run has.
func rankings(r *load.Run) []ranking {
	var out []ranking
	for _, op := range r.Ops {
		for _, f := range decisionDocs {
			if ref, s := model.Standings(r, op, f); len(s) > 0 {
				out = append(out, ranking{Op: op, Fixture: f, Ref: ref, Standings: s})
			}
		}
	}
	return out
}
