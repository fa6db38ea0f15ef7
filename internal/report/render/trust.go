package render

import (
	"fmt"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// trust writes, at the top of the page, what stands between the reader and
// its numbers: a run not made from a committed tree, consistency checks
// that failed, intervals too wide to rank.
func trust(d *doc, a *model.Analysis, raw Link) {
	if commit, ok := a.Run.Commit(); !ok {
		switch commit {
		case "":
			d.line("**Not from a committed tree.** %s records no commit of the suite (no `%s` line): the code that measured these numbers cannot be named.", raw, rawfmt.KeyCommit)
		case "unknown":
			d.line("**Not from a committed tree.** %s records the suite's commit as `unknown`: the code that measured these numbers cannot be named.", raw)
		default:
			d.line("**Not from a committed tree.** %s was measured by `%s`, a tree with uncommitted changes: the code that measured these numbers is in no commit.", raw, esc(commit))
		}
		d.line("")
	}
	if failed := model.Failed(a.Checks); len(failed) > 0 {
		d.line("**Consistency checks failed.** These cells contradict what their operations imply (a part of the work costs more than its whole, beyond both intervals), so the run measured something other than it claims: this page ranks no configuration, picks none and states no finding.")
		d.line("")
		items := make([]string, len(failed))
		for i, c := range failed {
			items[i] = fmt.Sprintf("%s fails on %d of %d pairs: %s.", c.Rule, len(c.Failed), c.Checked, violations(c.Failed))
		}
		d.list(items)
	}
	if a.TooWide() {
		d.line("**Too imprecise to rank.** The median 95%% interval of this run's codec cells is %s of the median, wider than the %s within which a ranking means anything: this page ranks no configuration, picks none and states no finding. Rerun on a quieter machine or with more rounds.",
			format.HalfWidth(100*a.Spread), format.HalfWidth(100*model.MaxSpread))
		d.line("")
	}
}

// violations names the first pairs of cells that contradict a check, with
// their medians and intervals.
func violations(vs []model.Violation) string {
	s := make([]string, 0, maxQuoted)
	for _, v := range vs[:min(len(vs), maxQuoted)] {
		s = append(s, fmt.Sprintf("%s %s above %s %s", esc(cellName(v.Part)), format.DurationCI(v.PartNs.Estimate()), esc(cellName(v.Whole)), format.DurationCI(v.WholeNs.Estimate())))
	}
	if len(vs) > maxQuoted {
		s = append(s, "…")
	}
	return strings.Join(s, "; ")
}

// withheld stands in for the rankings and picks of a page that may not
// publish them.
func withheld(d *doc) {
	d.line("## Fastest first, per operation")
	d.line("")
	d.line("Withheld: see the top of the page. The measured cells are in the tables below.")
	d.line("")
}
