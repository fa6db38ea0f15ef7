// Package httppage turns one raw file of the HTTP benchmark into its report: README.md with tables
// per load (medians and 95% intervals over rounds), each scenario's effects against the base paired
// by round, the findings they establish, and a latency chart (SVG) per load.
//
// Data flows one way: package load reads the raw file (load.ReadHTTP: the configuration and every
// cell's samples per unit, in round order) and Read orders its cells into a Run; checks.go decides
// which findings it can state; view.go builds the view with internal/report/model and format,
// page.tmpl words it and markdown.Wrap folds its prose; chart.go draws the charts.
// ReadBeside adds the API server's CPU profiles and the machine's microbenchmarks; profiles.go
// attributes the profiles (internal/cpuprofile) for profiles.tmpl, predict.go sets bench-profile's
// predictions from the base's profile against the scenarios, and flame.go draws flame graphs.
// The same raw bytes always give the same files.
package httppage

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A Run is one raw file as the page reads it: load.ReadHTTP's run, its
// Cells by load (fixed concurrency first), then scenario, the base first.
type Run struct {
	*load.HTTPRun

	// Read by ReadBeside: the API server's CPU profile per scenario (nil for a run without) and the
	// machine's run of the microbenchmarks the predictions stand on (nil for none).
	Profiles map[string]*profile.Profile
	Ref      *cpuprofile.Reference
	// NewerGo is the newest Go of the HTTP runs beside this one (the other
	// machines'), where it is newer than this run's: "" otherwise.
	NewerGo string
}

// Read reads the HTTP raw file named name from data (load.ReadHTTP) and
// orders its cells for the page. It fails also when a load lacks the base.
func Read(name string, data []byte) (*Run, error) {
	h, err := load.ReadHTTP(name, data)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(h.Cells, func(a, b rawfmt.HTTPCell) int {
		return cmp.Or(cmp.Compare(a.Load.Rate, b.Load.Rate), cmp.Compare(a.Load.Workers, b.Load.Workers),
			cmp.Compare(slices.Index(kinds, kind(a.Scenario)), slices.Index(kinds, kind(b.Scenario))),
			cmp.Compare(a.Hits, b.Hits), cmp.Compare(a.Scenario.Name, b.Scenario.Name))
	})
	run := &Run{HTTPRun: h}
	for _, l := range run.Loads() {
		if kind(run.at(l)[0].Scenario) != "base" {
			return nil, fmt.Errorf("%s: no base scenario at %s", name, l)
		}
	}
	return run, nil
}

// summary is the median of a cell's values of unit with its interval; NaN without values.
func (r *Run) summary(c rawfmt.HTTPCell, unit string) model.Estimate {
	return model.Summarize(r.Samples(c, unit))
}

// Loads are the run's loads, the fixed-concurrency one first.
func (r *Run) Loads() []rawfmt.HTTPLoad {
	var out []rawfmt.HTTPLoad
	for _, c := range r.Cells {
		if !slices.Contains(out, c.Load) {
			out = append(out, c.Load)
		}
	}
	return out
}

// at returns the cells of load l, its base first.
func (r *Run) at(l rawfmt.HTTPLoad) []rawfmt.HTTPCell {
	return slices.DeleteFunc(slices.Clone(r.Cells), func(c rawfmt.HTTPCell) bool { return c.Load != l })
}

// kinds are what a scenario changes from the base, in httpbench.Scenarios' order; kind names it.
var kinds = []string{"base", "codec", "filtered", "hits", "pool"}

func kind(s rawfmt.Scenario) string {
	switch {
	case s.Name == "base":
		return "base"
	case s.Source == httpbench.SourceFiltered:
		return "filtered"
	case s.Pool == httpbench.PoolDefault:
		return "pool"
	case s.Name == fmt.Sprint("hits-", s.Hits):
		return "hits"
	}
	return "codec"
}
