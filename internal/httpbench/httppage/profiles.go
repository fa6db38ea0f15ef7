package httppage

import (
	"bytes"
	"cmp"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"text/template"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// ReadBeside reads what lies beside run's raw file in rawDir (results/<machine-id>/http/raw): the API
// server's CPU profile of each scenario (httpbench.ProfileDir) and, when there are profiles, the
// machine's run of the microbenchmarks under results/<machine-id>/raw that the predictions stand on
// (cpuprofile.Choose, the HTTP run's encoding/json engine first), through cache (which may be nil).
// A run without profiles reads nothing.
func ReadBeside(run *Run, rawDir string, cache *load.Cache) error {
	dir := filepath.Join(rawDir, httpbench.ProfileDir(run.File))
	for _, c := range run.Cells {
		name := c.Scenario.Name
		if _, ok := run.Profiles[name]; ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, httpbench.ProfileFile(name)))
		if errors.Is(err, fs.ErrNotExist) && run.Profiles == nil {
			return nil
		}
		var p *profile.Profile
		if err == nil {
			p, err = profile.ParseData(data) // a cell may have no samples: cpuprofile.Read would refuse it
		}
		if err != nil {
			return fmt.Errorf("CPU profile of %s: %w", name, err)
		}
		if run.Profiles == nil {
			run.Profiles = map[string]*profile.Profile{}
		}
		run.Profiles[name] = p
	}
	// The reference: of the machine's runs under results, and those of an older folder of its CPU model
	// that records no generation, the first with the es-hits cells of the base.
	machineDir := filepath.Dir(filepath.Dir(rawDir))
	machine := filepath.Base(machineDir)
	cands, err := cpuprofile.Candidates(filepath.Dir(machineDir))
	if err != nil {
		return nil // no microbenchmarks: the page says so
	}
	full := httpbench.HitsFixture(10)
	_, five, _ := load.HitsPair(full)
	run.Ref, err = cpuprofile.Choose(cands, machine, cpuprofile.HeaderEngine(run.Value), cache,
		func(c cpuprofile.Candidate) bool { return c.Machine == machine || c.Older(machine) },
		func(m *load.Run) bool { return cpuprofile.HasBase(m, full, five) })
	return err
}

// shares are a cell's breakdowns, one per round in round order, from its scenario's profile.
func (r *Run) shares(c rawfmt.HTTPCell) []cpuprofile.Breakdown {
	p := r.Profiles[c.Scenario.Name]
	if p == nil {
		return nil
	}
	t := r.table()
	out := make([]cpuprofile.Breakdown, len(r.Samples(c, rawfmt.UnitAPICPU)))
	for i := range out {
		out[i] = t.Attribute(p, inCell(c, i+1))
	}
	return out
}

// table is the codec table of the run's codec lines, which the profiles are attributed by.
func (r *Run) table() cpuprofile.Table {
	codecs, _ := rawfmt.ParseCodecs(r.Config)
	return cpuprofile.NewTable(codecs)
}

// inCell keeps the samples of cell c's load in round (from 1), or in every round for round 0.
func inCell(c rawfmt.HTTPCell, round int) func(*profile.Sample) bool {
	l, rd := c.Load.String(), strconv.Itoa(round)
	return func(s *profile.Sample) bool {
		return slices.Equal(s.Label[httpbench.LabelLoad], []string{l}) && (round == 0 || slices.Equal(s.Label[httpbench.LabelRound], []string{rd}))
	}
}

// parts are what the reconciliation splits CPU into, each a set of classes.
var parts = []struct {
	name    string
	classes []cpuprofile.Class
}{
	{"JSON", []cpuprofile.Class{cpuprofile.Decode, cpuprofile.Encode}},
	{"GC and allocation", []cpuprofile.Class{cpuprofile.GC}},
	{"net/http and syscalls", []cpuprofile.Class{cpuprofile.Net}},
	{"the rest", []cpuprofile.Class{cpuprofile.Other}},
}

// perRequest is, per round, the API CPU per request of c in classes: its getrusage CPU per request times the
// profile's share of those classes in that round; NaN for a round without samples.
func (r *Run) perRequest(c rawfmt.HTTPCell, b []cpuprofile.Breakdown, classes []cpuprofile.Class) []float64 {
	cpu := r.Samples(c, rawfmt.UnitAPICPU)
	out := make([]float64, len(b))
	for i, br := range b {
		out[i] = cpu[i] * br.Share(classes...) // NaN without samples
	}
	return out
}

//go:embed profiles.tmpl
var profilesText string

var profilesTemplate = template.Must(template.New("profiles").Funcs(template.FuncMap{"cell": markdown.Escape}).Parse(profilesText))

// profilesView is what profiles.tmpl says: per load the profiles' coverage, the shares, the
// reconciliation and the predictions, the GC shares, the reference run, and the flame graphs.
type profilesView struct {
	Loads        []profileLoad
	Flames       []flameView // none on a page printed without its charts
	Ref          string      // the reference run of the predictions: its file, Go and engine; "" without one
	Notes        []string    // what it falls short of
	Go           string      // the HTTP run's Go version
	Hz           string      // the profiles' rate
	Classes      []string
	Parts        []string
	BaseJSON     string     // the base's JSON share at the first load
	FilteredJSON string     // the filtered scenario's
	Saved        string     // the filtered scenario's change of API CPU per request and of its JSON part, at the first load
	GC           [][]string // per load: the base's GC share measured and predicted
}

type profileLoad struct {
	Label                      string
	Coverage                   string // the share of getrusage CPU the profiles hold; "" for none
	Shares, Reconcile, Predict [][]string
}

type flameView struct{ Scenario, Label, File string }

// flameScenarios are the scenarios whose flame graphs the page shows, at the first load.
var flameScenarios = []string{"base", httpbench.SourceFiltered}

func (r *Run) profilesPage(charts bool) ([]byte, error) {
	if r.Profiles == nil {
		return nil, nil
	}
	v := profilesView{Go: r.Value(rawfmt.KeyGo), Hz: cmp.Or(r.Value(rawfmt.KeyProfileHz), "100")}
	for c := range cpuprofile.NumClasses {
		v.Classes = append(v.Classes, c.String())
	}
	for _, p := range parts {
		v.Parts = append(v.Parts, p.name)
	}
	if r.Ref != nil {
		v.Ref = fmt.Sprintf("`%s` of %s (%s, encoding/json on its %s)", r.Ref.Raw.File, r.Ref.Machine, r.Ref.Go, cpuprofile.EngineName(r.Ref.Engine))
		v.Notes = r.Ref.Notes
	}
	t := r.table()
	for i, l := range r.Loads() {
		cells := r.at(l)
		lv := profileLoad{Label: loadLabel(l), Coverage: r.coverage(l)}
		var forecasts map[string]forecast
		if p := r.Profiles[cells[0].Scenario.Name]; p != nil {
			whole := t.Attribute(p, inCell(cells[0], 0))
			v.GC = append(v.GC, r.gcShare(l, whole))
			forecasts = r.predictions(l, whole)
		}
		base := r.shares(cells[0])
		for _, c := range cells {
			b := r.shares(c)
			row := []string{c.Scenario.Name}
			for k := range cpuprofile.NumClasses {
				row = append(row, format.PercentCI(model.Summarize(pcts(b, k)))) // format.None without samples
			}
			lv.Shares = append(lv.Shares, row)
			json := func() string { return format.PercentCI(model.Summarize(pcts(b, cpuprofile.Decode, cpuprofile.Encode))) }
			switch {
			case i == 0 && c.Scenario.Name == "base":
				v.BaseJSON = json()
			case i == 0 && c.Scenario.Name == httpbench.SourceFiltered:
				v.FilteredJSON = json()
			}
			if c == cells[0] {
				continue
			}
			d, _ := effects[0].of(r, cells[0], c)
			measured := []model.Estimate{d} // the change of API CPU per request, then of its parts
			for _, p := range parts {
				measured = append(measured, paired(r.perRequest(cells[0], base, p.classes), r.perRequest(c, b, p.classes)))
			}
			row = []string{c.Scenario.Name}
			for _, m := range measured {
				row = append(row, formatEffect(m, 1e-3, false))
			}
			if f, ok := forecasts[c.Scenario.Name]; ok {
				lv.Predict = append(lv.Predict, f.row(c.Scenario.Name, measured))
			}
			if i == 0 && c.Scenario.Name == httpbench.SourceFiltered {
				v.Saved = fmt.Sprintf("its change of API CPU per request, %s µs, holds %s µs of JSON work", row[1], row[2])
			}
			lv.Reconcile = append(lv.Reconcile, row)
		}
		v.Loads = append(v.Loads, lv)
	}
	first := r.Loads()[0]
	for _, name := range flameScenarios {
		if r.Profiles[name] != nil && charts {
			v.Flames = append(v.Flames, flameView{name, loadLabel(first), FlameFile(name, first.String())})
		}
	}
	var b bytes.Buffer
	if err := profilesTemplate.Execute(&b, v); err != nil {
		return nil, fmt.Errorf("the profiles of %s: %w", r.File, err)
	}
	return b.Bytes(), nil
}

// paired is the median and interval of the round-by-round differences v − b, over the rounds both have.
func paired(b, v []float64) model.Estimate {
	var d []float64
	for i := range min(len(b), len(v)) {
		if !math.IsNaN(v[i] - b[i]) {
			d = append(d, v[i]-b[i])
		}
	}
	return model.Summarize(d)
}

// pcts are, per round, the percentage of the CPU in classes.
func pcts(b []cpuprofile.Breakdown, classes ...cpuprofile.Class) []float64 {
	var out []float64
	for _, br := range b {
		if br.Total != 0 {
			out = append(out, 100*br.Share(classes...))
		}
	}
	return out
}
