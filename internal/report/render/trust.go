package render

import (
	"fmt"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// trustView is what templates/trust.tmpl shows at the top of the page:
// what stands between the reader and its numbers.
type trustView struct {
	Raw          Link
	NotCommitted bool
	Commit       string // escaped; "" when the run records none
	CommitKey    string
	Failed       []struct {
		Rule, Violations string
		Failed, Checked  int
	}
	Spread    string // the run's median interval when too wide to rank
	MaxSpread string
}

// trust is, for the top of the page, what stands between the reader and
// its numbers: a run not made from a committed tree, consistency checks
// that failed, intervals too wide to rank.
func trust(a *model.Analysis, raw Link) trustView {
	commit, ok := a.Run.Commit()
	v := trustView{Raw: raw, NotCommitted: !ok, Commit: esc(commit), CommitKey: rawfmt.KeyCommit, MaxSpread: format.HalfWidth(100 * model.MaxSpread)}
	for _, c := range model.Failed(a.Checks) {
		v.Failed = append(v.Failed, struct {
			Rule, Violations string
			Failed, Checked  int
		}{c.Rule, violations(c.Failed), len(c.Failed), c.Checked})
	}
	if a.TooWide() {
		v.Spread = format.HalfWidth(100 * a.Spread)
	}
	return v
}

// maxQuoted bounds how many violations a check quotes.
const maxQuoted = 3

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
func withheld(d *doc) { d.section("withheld", nil) }
