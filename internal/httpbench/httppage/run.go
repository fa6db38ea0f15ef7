// Package httppage turns one raw file of the HTTP benchmark into its report:
// README.md with a table per load (every metric's median and 95% interval
// over the rounds), the effects of each scenario against the base, paired
// by round, the findings those effects establish, and one latency chart
// per load (SVG).
//
// Data flows one way: Parse reads the benchfmt file into a Run (the
// configuration and every cell's samples per unit, in round order);
// stats.go summarises samples with golang.org/x/perf/benchmath and pairs
// each scenario's rounds with the base's; checks.go decides which findings
// the run can state (precise enough intervals, the backend's response
// bytes in order, no saving larger than its whole); page.go builds a view
// of the page, every number formatted by internal/report/format, and the
// template page.tmpl words it; chart.go draws the charts. The same raw
// bytes always give the same files.
package httppage

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/httpbench"
)

// A Run is one raw file.
type Run struct {
	File    string            // the raw file's base name
	Config  []benchfmt.Config // as the file gives them, in order
	Cells   []httpbench.Cell  // in report order: by load, then scenario (see scenarioRank)
	samples map[httpbench.Cell]map[string][]float64
}

// Config returns the value of a configuration key, or "".
func (r *Run) config(key string) string {
	for _, c := range r.Config {
		if c.Key == key {
			return string(c.Value)
		}
	}
	return ""
}

// Samples returns a cell's values of unit, one per round, in round order.
func (r *Run) Samples(c httpbench.Cell, unit string) []float64 {
	return r.samples[c][unit]
}

// Loads are the run's loads, the fixed-concurrency one first.
func (r *Run) Loads() []httpbench.Load {
	var out []httpbench.Load
	for _, c := range r.Cells {
		if !slices.Contains(out, c.Load) {
			out = append(out, c.Load)
		}
	}
	return out
}

// Parse reads a raw file. It fails on a syntax error, on a file without
// HTTP results, and when a load lacks the base scenario.
func Parse(name string, data []byte) (*Run, error) {
	run := &Run{File: name, samples: map[httpbench.Cell]map[string][]float64{}}
	rd := benchfmt.NewReader(bytes.NewReader(data), name)
	for rd.Scan() {
		switch rec := rd.Result(); rec := rec.(type) {
		case *benchfmt.SyntaxError:
			return nil, rec
		case *benchfmt.Result:
			c, ok := httpbench.ParseCell(rec.Name)
			if !ok {
				continue
			}
			if run.Config == nil {
				run.Config = slices.Clone(rec.Config)
			}
			units := run.samples[c]
			if units == nil {
				units = map[string][]float64{}
				run.samples[c] = units
				run.Cells = append(run.Cells, c)
			}
			for _, v := range rec.Values {
				unit := cmp.Or(v.OrigUnit, v.Unit)
				value := v.Value
				if v.OrigUnit != "" {
					value = v.OrigValue
				}
				units[unit] = append(units[unit], value)
			}
		}
	}
	if err := rd.Err(); err != nil {
		return nil, err
	}
	if len(run.Cells) == 0 {
		return nil, fmt.Errorf("%s: no Benchmark%s results", name, httpbench.Benchmark)
	}
	slices.SortFunc(run.Cells, compareCells)
	for _, l := range run.Loads() {
		if _, ok := run.base(l); !ok {
			return nil, fmt.Errorf("%s: no base scenario at %s", name, l)
		}
	}
	return run, nil
}

// base returns the base cell of load l.
func (r *Run) base(l httpbench.Load) (httpbench.Cell, bool) {
	i := slices.IndexFunc(r.Cells, func(c httpbench.Cell) bool { return c.Load == l && c.Scenario.Name == baseName })
	if i < 0 {
		return httpbench.Cell{}, false
	}
	return r.Cells[i], true
}

const baseName = "base"

// compareCells orders cells by load (fixed concurrency first, then by
// workers or rate) and then by scenario.
func compareCells(a, b httpbench.Cell) int {
	return cmp.Or(
		cmp.Compare(a.Load.Rate, b.Load.Rate),
		cmp.Compare(a.Load.Workers, b.Load.Workers),
		cmp.Compare(scenarioRank(a.Scenario), scenarioRank(b.Scenario)),
		cmp.Compare(a.Hits, b.Hits),
		cmp.Compare(a.Scenario.Name, b.Scenario.Name),
	)
}

// scenarioRank orders scenarios as httpbench.Scenarios makes them: the
// base, the codecs, filtering, hits, the pool.
func scenarioRank(s httpbench.Scenario) int {
	return slices.Index([]string{"base", "codec", "filtered", "hits", "pool"}, kind(s))
}
