package render

import (
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A head is the top of a page: what the page is built from and, when it
// states no finding, why.
type head struct {
	Go, Kind  string // the run's go line and kind
	Rounds    int
	Committed bool   // the run names a committed tree (load.Run.Committed)
	Commit    string // its commit line, when it does not
	Failed    []failedCheck
	Why       string // why the run is too imprecise to rank (model.Verdict), or ""
	Busy      string // format.Busy of a run on a busy host, or ""

	// Which meter made the run: the paired meter's slice, pairs a round and
	// link layouts, or the older meter's benchtime.
	Paired                  bool
	Slice, Pairs, Benchtime string
	Layouts                 int
}

// A failedCheck is a consistency check that failed, with its first violations worded.
type failedCheck struct {
	Rule            string
	Failed, Checked int
	First           string // up to three violations
}

func newHead(v *view) head {
	a, r := v.A, v.R
	h := head{Rounds: r.Rounds(), Kind: r.Raw.Kind(), Committed: r.Committed(), Why: a.Verdict.Why()}
	h.Go, _ = r.Value(rawfmt.KeyGo)
	h.Commit, _ = r.Value(rawfmt.KeyCommit)
	h.Paired = r.Paired()
	h.Slice, _ = r.Value(rawfmt.KeySlice)
	h.Pairs, _ = r.Value(rawfmt.KeyPairs)
	h.Benchtime, _ = r.Value(rawfmt.KeyBenchtime)
	layouts, _ := r.Value(rawfmt.KeyLayouts)
	h.Layouts = len(strings.Fields(layouts))
	if b := a.Busy(); b != nil {
		h.Busy = format.Busy(b.Low, b.High)
	}
	for _, c := range model.Failed(a.Checks) {
		var first []string
		for _, f := range c.Failed[:min(3, len(c.Failed))] {
			first = append(first, cellName(f.Part)+" "+format.DurationCI(f.PartNs)+" above "+cellName(f.Whole)+" "+format.DurationCI(f.WholeNs))
		}
		if len(c.Failed) > 3 {
			first = append(first, "…")
		}
		h.Failed = append(h.Failed, failedCheck{c.Rule, len(c.Failed), c.Checked, strings.Join(first, "; ")})
	}
	return h
}

// cellName is a cell as op/fixture/codec, escaped.
func cellName(c rawfmt.Cell) string { return markdown.Escape(c.Op + "/" + c.Fixture + "/" + c.Codec) }
