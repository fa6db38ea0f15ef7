package render

import (
	"math"
	"slices"

	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// decisionDocs are the documents the rankings are made on.
var decisionDocs = []string{load.ArticleSmall, load.ArticleLarge, load.Fields.Prefix + "1000", load.Realworld.Prefix + "twitter_status"}

// A ranking is one operation's standings on one document; op.tmpl tables
// them, choose.tmpl advises from them and answer.tmpl picks from them.
type ranking struct {
	Op, Fixture string
	Ref         string // the operation's base, the ratios' reference; "" when it has none: no ranks
	Standings   []model.Standing
	Std         int // the fastest std configuration's index in Standings, -1 when none ran
	// How many times faster than the base the fastest std configuration and
	// the fastest of all are: the base's median over theirs, bootstrapped.
	StdX, TopX model.Estimate
}

// rankings ranks every operation's configurations on the decisionDocs the run has.
func rankings(r *load.Run) []ranking {
	var out []ranking
	for _, op := range r.Ops {
		for _, f := range decisionDocs {
			ref, s := model.Standings(r, op, f)
			if len(s) == 0 {
				continue
			}
			rk := ranking{Op: op, Fixture: f, Ref: ref, Standings: s}
			rk.Std = slices.IndexFunc(s, func(s model.Standing) bool { return priceOf(r, s.Codec).std() })
			rk.TopX = speedup(r, rk, 0)
			rk.StdX = speedup(r, rk, rk.Std)
			out = append(out, rk)
		}
	}
	return out
}

// speedup is the base's median over standing i's, NaN without either.
func speedup(r *load.Run, rk ranking, i int) model.Estimate {
	none := model.Estimate{V: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	if i < 0 || rk.Ref == "" {
		return none
	}
	e, ok := model.Ratio(model.Ns(r, rk.Op, rk.Fixture, rk.Ref), model.Ns(r, rk.Op, rk.Fixture, rk.Standings[i].Codec))
	if !ok {
		return none
	}
	return e
}
