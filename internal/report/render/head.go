package render

import (
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A head is the top of a page: what the page is built from and, when it
// states no finding, why.
type head struct {
	Go, Kind  string // the run's go line and kind
	Rounds    int
	Committed bool     // the run names a committed tree (load.Run.Committed)
	Commit    string   // its commit line, when it does not
	Failed    []string // the consistency checks that failed (model.Check.Why)
	Why       string   // why the run is too imprecise to rank (model.Verdict), or ""
	Busy      string   // format.Busy of a run on a busy host, or ""

	// Which meter made the run: the paired meter's slice, pairs a round and
	// link layouts, or the older meter's benchtime.
	Paired                  bool
	Slice, Pairs, Benchtime string
	Layouts                 int
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
		h.Failed = append(h.Failed, c.Why())
	}
	return h
}
