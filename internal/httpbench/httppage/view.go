package httppage

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A metric is a raw unit and its scale to the table's; an effect names it (Noun, Per) and,
// when Relative, says it in percent of the base.
type metric struct {
	unit      string
	scale     float64
	Noun, Per string
	Relative  bool
}

var (
	// speed and cost are the columns of a load's two tables, headed by page.tmpl.
	speed = []metric{{unit: rawfmt.UnitReqs, scale: 1}, {unit: rawfmt.UnitP50, scale: 1e-6},
		{unit: rawfmt.UnitP90, scale: 1e-6}, {unit: rawfmt.UnitP99, scale: 1e-6}, {unit: rawfmt.UnitP999, scale: 1e-6}}
	cost = []metric{{unit: rawfmt.UnitAPICPU, scale: 1e-3}, {unit: rawfmt.UnitBackendCPU, scale: 1e-3},
		{unit: rawfmt.UnitBackendB, scale: 1e-3}, {unit: rawfmt.UnitBReq, scale: 1e-3}, {unit: rawfmt.UnitAllocsReq, scale: 1}, {unit: rawfmt.UnitConns, scale: 1}}
	// effects are the columns of a load's effects table, and what findings speak of.
	effects = []metric{
		{rawfmt.UnitAPICPU, 1e-3, "API server CPU", "µs per request", false},
		{rawfmt.UnitReqs, 1, "throughput", "req/s", true},
		{rawfmt.UnitP99, 1e-6, "p99 latency", "ms", true},
		{rawfmt.UnitBReq, 1e-3, "API server allocation", "KB per request", false},
		{rawfmt.UnitConns, 1, "backend connections opened", "per request", false},
	}
)

//go:embed page.tmpl
var pageText string

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{"cell": markdown.Escape, "chartFile": ChartFile,
	"dirty": func(commit string) bool { return strings.HasSuffix(commit, rawfmt.DirtySuffix) }}).Parse(pageText))

// Page returns the report of run as Markdown; charts says whether to link the latency charts
// (ChartFile) and flame graphs (FlameFile), which a page printed on its own has not. It says when the tree was dirty, which checks failed and what the run lacks.
func Page(run *Run, machine string, charts bool) ([]byte, error) {
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, newView(run, machine, charts)); err != nil {
		return nil, fmt.Errorf("the HTTP page of %s: %w", run.File, err)
	}
	profiles, err := run.profilesPage(charts)
	return markdown.Wrap(append(b.Bytes(), profiles...), markdown.MaxLine), err
}

// A view is what the page shows of a run, numbers formatted, tables as rows: page.tmpl words it.
type view struct {
	Run                 *Run
	Machine             string
	Charts              bool   // whether to link the latency charts
	NoBytes             string // the unit of the backend's response bytes
	MaxHalfWidth        string
	Unclear, Rise, Fall string // the marks of an effect that is no finding
	Problems            []problem
	Codecs              []rawfmt.CodecConfig
	Loads               []loadView
	Scenarios           []scenarioView
}

type loadView struct {
	Label                string
	Load                 rawfmt.HTTPLoad
	Withheld             bool          // a failed check withholds every finding at this load
	Findings             []findingView // page.tmpl leaves them out when Withheld
	Speed, Cost, Effects [][]string
}

type findingView struct {
	Scenario scenarioView
	Withheld bool
	Effects  []effectView
}

type effectView struct {
	metric
	Change, Base string // the change and the base's value
	Rel          string // an absolute change in percent of the base's value; "" when that is 0
}

// A scenarioView is what page.tmpl says of a scenario; Kind is what it changes.
type scenarioView struct{ Name, Kind, Codec, Hits, Pool, Workers string }

func newView(run *Run, machine string, charts bool) view {
	problems := run.problems()
	v := view{Run: run, Machine: machine, Charts: charts, NoBytes: rawfmt.UnitBackendB, Problems: problems, MaxHalfWidth: format.HalfWidth(maxHalfWidth * 100),
		Unclear: format.Unclear, Rise: format.Rise, Fall: format.Fall}
	v.Codecs, _ = rawfmt.ParseCodecs(run.Config)
	scenario := func(s rawfmt.Scenario) scenarioView {
		return scenarioView{s.Name, kind(s), s.Codec, format.Plural(s.Hits, "hit"), s.Pool, run.Value(rawfmt.KeyWorkers)}
	}
	withheld := func(c rawfmt.HTTPCell, all bool) bool {
		return slices.ContainsFunc(problems, func(p problem) bool {
			return p.load == c.Load && (p.scenario == "" || !all && p.scenario == c.Scenario.Name)
		})
	}
	for i, l := range run.Loads() {
		cells := run.at(l)
		lv := loadView{Label: loadLabel(l), Load: l, Withheld: withheld(cells[0], true)}
		for _, c := range cells {
			if i == 0 {
				v.Scenarios = append(v.Scenarios, scenario(c.Scenario))
			}
			lv.Speed = append(lv.Speed, run.medians(c, speed, c.Scenario.Name, c.Codec, c.Source, strconv.Itoa(c.Hits), c.Pool))
			lv.Cost = append(lv.Cost, run.medians(c, cost, c.Scenario.Name))
			if c == cells[0] {
				continue
			}
			row := []string{c.Scenario.Name}
			f := findingView{Scenario: scenario(c.Scenario), Withheld: withheld(c, false)}
			for _, e := range effects {
				s, scale := e.of(run, cells[0], c)
				row = append(row, formatEffect(s, scale, e.Relative))
				if !f.Withheld && established(s) {
					f.Effects = append(f.Effects, e.finding(s, scale, run.summary(cells[0], e.unit).V*e.scale))
				}
			}
			lv.Effects, lv.Findings = append(lv.Effects, row), append(lv.Findings, f)
		}
		v.Loads = append(v.Loads, lv)
	}
	return v
}

func (r *Run) medians(c rawfmt.HTTPCell, metrics []metric, row ...string) []string {
	for _, m := range metrics {
		row = append(row, formatSummary(r.summary(c, m.unit), m.scale))
	}
	return row
}

func loadLabel(l rawfmt.HTTPLoad) string {
	if l.Rate == 0 {
		return format.Plural(l.Workers, "worker")
	}
	return strconv.Itoa(l.Rate) + " req/s"
}

// of returns the effect of c against base, paired by round (which takes out the drift between
// interleaved rounds), and the scale it is shown at.
func (e metric) of(run *Run, base, c rawfmt.HTTPCell) (model.Estimate, float64) {
	b, v := run.Samples(base, e.unit), run.Samples(c, e.unit)
	if !e.Relative {
		return paired(b, v), e.scale
	}
	d := make([]float64, min(len(b), len(v)))
	for i := range d {
		d[i] = (v[i]/b[i] - 1) * 100
	}
	return model.Summarize(d), 1
}

func (e metric) finding(s model.Estimate, scale, base float64) effectView {
	ev := effectView{metric: e, Base: format.Sig(base)}
	if e.Relative {
		ev.Change = format.ChangeCI(s)
		return ev
	}
	ev.Change = format.CI(s.Times(scale), format.Signed, " "+e.Per)
	if base != 0 {
		ev.Rel = format.Change(s.V * scale / base * 100)
	}
	return ev
}

// established reports whether an effect's interval is finite, excludes zero and is no wider than it.
func established(s model.Estimate) bool {
	return s.HasCI && (s.Lo > 0 || s.Hi < 0) && s.Hi-s.Lo <= math.Abs(s.V)
}

// formatSummary writes a median and the half-width of its interval, as benchstat does.
func formatSummary(s model.Estimate, scale float64) string {
	switch {
	case math.IsNaN(s.V):
		return format.None
	case s.V == 0 && (s.Lo != 0 || s.Hi != 0):
		return format.CI(s.Times(scale), format.Sig, "")
	}
	half := 0.0
	if s.V != 0 {
		half = math.Max(s.Hi-s.V, s.V-s.Lo) / math.Abs(s.V) * 100
	}
	return format.Sig(s.V*scale) + " " + format.HalfWidth(half)
}

func formatEffect(s model.Estimate, scale float64, relative bool) string {
	unit := ""
	if relative {
		unit = "%"
	}
	switch {
	case math.IsNaN(s.V):
		return format.None
	case !s.HasCI:
		return format.Unclear + " (too few rounds)"
	case !established(s):
		return format.UnclearCI(s.Times(scale), unit)
	case relative:
		return format.ChangeCI(s)
	}
	return format.CI(s.Times(scale), format.Signed, "")
}
