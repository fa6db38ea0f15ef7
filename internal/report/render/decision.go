package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// decisionDocs are the documents the rankings are made on: small, medium,
// large and real-world.
var decisionDocs = []string{load.ArticleSmall, load.ArticleLarge, load.Fields.Prefix + "1000", load.Realworld.Prefix + "twitter_status"}

// A ranking is one operation's standings on one document.
type ranking struct {
	op, fixture string
	ref         string // the configuration the ratios are against
	standings   []model.Standing
}

// rankings ranks the configurations of every operation on each of
// decisionDocs the run has, in report order.
func rankings(r *load.Run) []ranking {
	var out []ranking
	for _, op := range r.Ops {
		for _, f := range decisionDocs {
			if ref, s := model.Standings(r, op, f); len(s) > 0 {
				out = append(out, ranking{op: op, fixture: f, ref: ref, standings: s})
			}
		}
	}
	return out
}

// rankText is a standing's rank, "=" marking one it shares.
func rankText(s model.Standing) string {
	if s.Tied {
		return fmt.Sprintf("=%d", s.Rank)
	}
	return fmt.Sprint(s.Rank)
}

// decisionView is what templates/decision.tmpl shows: per operation, the
// configurations ranked on each document.
type decisionView struct {
	suite
	Docs, Have, Probes string
	MissingCI          bool
	Ops                []decisionOp
	Recorded           bool     // the run recorded what each configuration gives up
	SkipsKey           string   // the lines that record it
	Prices             []string // each configuration, and what it gives up if recorded
}

// A decisionOp is one operation's ranking table; Refs names its references
// when they differ from document to document.
type decisionOp struct {
	Op, Refs string
	Cols     []string
	Rows     [][]string
}

// decision writes the ranking tables: per operation, the configurations on
// a small, a medium, a large and a real-world document, fastest first, and
// then what each configuration gives up, linking the probes page.
func decision(d *doc, r *load.Run, rs []ranking, probes string) {
	var have []string
	for _, f := range decisionDocs {
		if _, ok := r.Sizes[f]; ok {
			have = append(have, docName(r, f))
		}
	}
	v := decisionView{Docs: strings.Join(decisionDocs, ", "), Have: joinAnd(have), Probes: probes, MissingCI: missingCI(rs)}
	if len(rs) == 0 {
		d.section("decision", v)
		return
	}
	for _, op := range r.Ops {
		var rows [][]string
		var refs []string // the reference of each document, when they differ
		for _, rk := range rs {
			if rk.op != op {
				continue
			}
			if !slices.Contains(refs, rk.ref) {
				refs = append(refs, rk.ref)
			}
			for i, s := range rk.standings {
				doc := ""
				if i == 0 {
					doc = rk.fixture
				}
				rows = append(rows, []string{doc, rankText(s), s.Codec, format.Duration(s.Ns.Center), format.RatioCI(s.Ratio),
					summaryOr(s.B, s.HasB, format.Bytes), summaryOr(s.Allocs, s.HasAllocs, format.Num), format.OrNone(priceOf(r, s.Codec).category)})
			}
		}
		if len(rows) == 0 {
			continue
		}
		o := decisionOp{Op: esc("`" + op + "`"), Rows: rows}
		ratio := "× " + refs[0]
		if len(refs) > 1 {
			ratio, o.Refs = "× reference", escapeAll(refs, ", ")
		}
		o.Cols = []string{"document", ">rank", "configuration", ">ns/op", ">" + ratio, ">B/op", ">allocs/op", "category"}
		v.Ops = append(v.Ops, o)
	}
	v.Recorded, v.SkipsKey, v.Prices = prices(r)
	d.section("decision", v)
}

// docName names a fixture with its size when the run has it.
func docName(r *load.Run, fixture string) string {
	s := r.Sizes[fixture]
	if !s.HasFields || !s.HasDocBytes {
		return "`" + fixture + "`"
	}
	return fmt.Sprintf("`%s` (%s fields, %s)", fixture, format.Num(s.Fields), format.Bytes(s.DocBytes))
}

// summaryOr formats a median with f, or none.
func summaryOr(s model.Summary, ok bool, f func(float64) string) string {
	if !ok {
		return format.None
	}
	return f(s.Center)
}

// missingCI reports whether a ranking has a standing without an interval.
func missingCI(rs []ranking) bool {
	for _, rk := range rs {
		for _, s := range rk.standings {
			if !s.Ratio.HasCI {
				return true
			}
		}
	}
	return false
}

// joinAnd joins items as prose: "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// probesLink is the conformance probes page relative to the page: a
// machine page is results/<machine>/README.md, a run page
// results/<machine>/runs/<stamp>/README.md.
func (p Page) probesLink() string {
	if p.RunPage {
		return "../../../conformance/probes.md"
	}
	return "../conformance/probes.md"
}
