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

	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
)

// A metric is a unit of the raw file as a report shows it.
type metric struct {
	unit   string
	header string
	scale  float64 // from the raw unit to the shown one
	noun   string  // in findings
	per    string  // the shown unit, in findings
}

var (
	reqs    = metric{httpbench.UnitReqs, "req/s", 1, "throughput", "req/s"}
	p99     = metric{httpbench.UnitP99, "p99 ms", 1e-6, "p99 latency", "ms"}
	apiCPU  = metric{httpbench.UnitAPICPU, "API CPU µs/req", 1e-3, "API server CPU", "µs per request"}
	allocKB = metric{httpbench.UnitB, "API alloc KB/req", 1e-3, "API server allocation", "KB per request"}
	conns   = metric{httpbench.UnitConns, "backend conns/req", 1, "backend connections opened", "per request"}

	// speedMetrics and costMetrics are the columns of a load's two tables,
	// split so that each reads on a page without scrolling.
	speedMetrics = []metric{
		reqs,
		{httpbench.UnitP50, "p50 ms", 1e-6, "", ""},
		{httpbench.UnitP90, "p90 ms", 1e-6, "", ""},
		p99,
		{httpbench.UnitP999, "p99.9 ms", 1e-6, "", ""},
	}
	costMetrics = []metric{
		apiCPU,
		{httpbench.UnitBackendCPU, "backend CPU µs/req", 1e-3, "", ""},
		{httpbench.UnitBackendB, "backend response KB/req", 1e-3, "", ""},
		allocKB,
		{httpbench.UnitAllocs, "API allocs/req", 1, "", ""},
		conns,
	}
)

// An effect is how a scenario's metric differs from the base's.
type effect struct {
	metric
	relative bool // in percent of the base's value; else in the metric's own unit
}

// effects are the columns of a load's effects table, and what findings
// speak of.
var effects = []effect{{apiCPU, false}, {reqs.as("req/s %"), true}, {p99.as("p99 %"), true}, {allocKB, false}, {conns, false}}

// as is m with another header.
func (m metric) as(header string) metric {
	m.header = header
	return m
}

//go:embed page.tmpl
var pageText string

var pageTemplate = template.Must(template.New("page").Parse(pageText))

// Page returns the report of run as Markdown. machine names the machine,
// charts says whether to link the latency charts (ChartFile). Its first
// line says so when the run's tree had uncommitted changes, and the lines
// after the title name every check that failed and every measurement the
// run lacks.
func Page(run *Run, machine string, charts bool) ([]byte, error) {
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, newView(run, machine, charts)); err != nil {
		return nil, fmt.Errorf("the HTTP page of %s: %w", run.File, err)
	}
	return b.Bytes(), nil
}

// A view is what the page shows of a run, every number formatted:
// page.tmpl words it.
type view struct {
	Dirty        string // the commit of a tree with uncommitted changes; "" when committed
	Machine      string
	NoBytes      string // the unit of the backend's response bytes when the run lacks it
	Problems     []string
	Setup        string // the table of the run's configuration
	MaxHalfWidth string
	Unclear      string
	Workers      string // in flight at most, at a fixed rate
	Loads        []loadView
	Scenarios    []scenarioView
}

// A loadView is one load's findings and tables.
type loadView struct {
	Label         string
	Rate, Workers int
	Withheld      bool // a failed check withholds every finding at this load
	Findings      []findingView
	Speed, Cost   string // the tables of medians
	Chart         string // the latency chart's file; "" for none
	Effects       string // the table of effects
}

// A findingView is what a scenario's effects at one load establish.
type findingView struct {
	Scenario scenarioView
	Withheld bool // a failed check withholds it
	Effects  []effectView
}

// An effectView is one established effect.
type effectView struct {
	Noun, Change, Per string
	Relative          bool
	Rel               string // an absolute change in percent of the base's value; "" when that is 0
	Base              string // the base's value
}

// A scenarioView is what page.tmpl says of a scenario: Kind is what it
// changes from the base (see kind).
type scenarioView struct {
	Name, Kind, Codec, Hits, Pool string
	Workers                       string // the pool's size
}

func newView(run *Run, machine string, charts bool) view {
	problems := run.problems()
	v := view{
		Machine:      machine,
		Setup:        setupTable(run),
		MaxHalfWidth: format.HalfWidth(maxHalfWidth * 100),
		Unclear:      format.Unclear,
		Workers:      run.config(httpbench.KeyWorkers),
	}
	if run.dirty() {
		v.Dirty = run.config(rawfmt.KeyCommit)
	}
	if !run.hasBytes() {
		v.NoBytes = httpbench.UnitBackendB
	}
	for _, p := range problems {
		v.Problems = append(v.Problems, p.text)
	}
	for _, l := range run.Loads() {
		lv := loadView{Label: loadLabel(l), Rate: l.Rate, Workers: l.Workers, Speed: metricTable(run, l, true), Cost: metricTable(run, l, false), Effects: effectsTable(run, l)}
		if charts {
			lv.Chart = ChartFile(l)
		}
		lv.Withheld, lv.Findings = findings(run, l, problems)
		v.Loads = append(v.Loads, lv)
	}
	for _, c := range run.Cells {
		if c.Load == run.Loads()[0] {
			v.Scenarios = append(v.Scenarios, scenarioOf(run, c.Scenario))
		}
	}
	return v
}

func scenarioOf(run *Run, s httpbench.Scenario) scenarioView {
	return scenarioView{Name: s.Name, Kind: kind(s), Codec: s.Codec, Hits: format.Plural(s.Hits, "hit"), Pool: s.Pool, Workers: run.config(httpbench.KeyWorkers)}
}

func setupTable(run *Run) string {
	cfg := run.config
	var codecs [][]string
	for _, c := range run.Config {
		if cc, ok, err := rawfmt.ParseCodecConfig(c.Key, string(c.Value)); ok && err == nil {
			codecs = append(codecs, []string{"codec `" + cc.Name + "`", fmt.Sprintf("%s (%s, %s)", cc.ModuleVersion, cc.Category, cc.Engine)})
		}
	}
	backend := cfg(httpbench.KeyBackend)
	if v := cfg(httpbench.KeyBackendVersion); v != "" {
		backend += " (" + v + ")"
	}
	rows := [][]string{
		{"raw results", "[raw/" + run.File + "](raw/" + run.File + ")"},
		{"command", "`" + cfg(rawfmt.KeyCommand) + "`"},
		{"commit", cfg(rawfmt.KeyCommit)},
		{"machine", fmt.Sprintf("%s, %s cores, GOMAXPROCS %s, %s/%s, %s, GOGC %s", cfg(rawfmt.KeyCPU), cfg(rawfmt.KeyCores),
			cfg(rawfmt.KeyGOMAXPROCS), cfg(rawfmt.KeyGOOS), cfg(rawfmt.KeyGOARCH), cfg(rawfmt.KeyGo), cfg(rawfmt.KeyGOGC))},
		{"backend", backend + ", index `" + cfg(httpbench.KeyIndex) + "`"},
		{"load", fmt.Sprintf("%s after %s of warm-up per cell and round, at most %s requests", cfg(httpbench.KeyDuration),
			cfg(httpbench.KeyWarmup), cfg(httpbench.KeyMaxRequests))},
		{"rounds", cfg(rawfmt.KeyRounds) + ", order seed " + cfg(rawfmt.KeyOrderSeed)},
	}
	return table([]string{"run", ""}, append(rows, codecs...))
}

// table is a Markdown table; the page's tables are all well formed.
func table(header []string, rows [][]string, align ...markdown.Align) string {
	var b strings.Builder
	markdown.Table(&b, header, rows, align...)
	return b.String()
}

// loadLabel names a load in a sentence.
func loadLabel(l httpbench.Load) string {
	if l.Rate == 0 {
		return format.Plural(l.Workers, "worker")
	}
	return strconv.Itoa(l.Rate) + " req/s"
}

// metricTable is a row per scenario at load l: every metric's median and
// the half-width of its 95% interval, of speed or of cost, so that each
// table reads on a page without scrolling.
func metricTable(run *Run, l httpbench.Load, speed bool) string {
	metrics := costMetrics
	header := []string{"scenario"}
	align := []markdown.Align{markdown.Left}
	if speed {
		metrics = speedMetrics
		header = append(header, "codec", "source", "hits", "pool")
		align = append(align, markdown.Left, markdown.Left, markdown.Right, markdown.Left)
	}
	for _, m := range metrics {
		header = append(header, m.header)
		align = append(align, markdown.Right)
	}
	var rows [][]string
	for _, c := range run.Cells {
		if c.Load != l {
			continue
		}
		row := []string{c.Scenario.Name}
		if speed {
			row = append(row, c.Codec, c.Source, strconv.Itoa(c.Hits), c.Pool)
		}
		for _, m := range metrics {
			row = append(row, formatSummary(summarize(run.Samples(c, m.unit)), m.scale))
		}
		rows = append(rows, row)
	}
	return table(header, rows, align...)
}

// effectsTable is a row per scenario at load l with its effects.
func effectsTable(run *Run, l httpbench.Load) string {
	base, _ := run.base(l)
	header := []string{"scenario"}
	align := []markdown.Align{markdown.Left}
	for _, e := range effects {
		header = append(header, "Δ "+e.header)
		align = append(align, markdown.Right)
	}
	var rows [][]string
	for _, c := range run.Cells {
		if c.Load != l || c == base {
			continue
		}
		row := []string{c.Scenario.Name}
		for _, e := range effects {
			s, scale := e.of(run, base, c)
			row = append(row, formatEffect(s, scale, e.relative))
		}
		rows = append(rows, row)
	}
	return table(header, rows, align...)
}

// of returns the effect of cell c against base and the scale it is shown at.
func (e effect) of(run *Run, base, c httpbench.Cell) (summary, float64) {
	b, v := run.Samples(base, e.unit), run.Samples(c, e.unit)
	if e.relative {
		return paired(b, v, change), 1
	}
	return paired(b, v, difference), e.scale
}

// findings returns, per scenario at load l, the effects this run
// establishes, or that a failed check withholds them; withheld says a
// check withholds every finding at l.
func findings(run *Run, l httpbench.Load, problems []problem) (withheld bool, out []findingView) {
	base, _ := run.base(l)
	if slices.ContainsFunc(problems, func(p problem) bool { return p.covers(base) && p.scenario == "" }) {
		return true, nil
	}
	for _, c := range run.Cells {
		if c.Load != l || c == base {
			continue
		}
		f := findingView{Scenario: scenarioOf(run, c.Scenario), Withheld: slices.ContainsFunc(problems, func(p problem) bool { return p.covers(c) })}
		for _, e := range effects {
			s, scale := e.of(run, base, c)
			if f.Withheld || !s.established() {
				continue
			}
			baseValue := summarize(run.Samples(base, e.unit)).center * e.scale
			ev := effectView{Noun: e.noun, Per: e.per, Relative: e.relative, Base: format.Sig(baseValue)}
			switch {
			case e.relative:
				ev.Change = format.ChangeCI(s.estimate(1))
			default:
				ev.Change = format.CI(s.estimate(scale), format.Signed, " "+e.per)
				if baseValue != 0 {
					ev.Rel = format.Change(s.center * scale / baseValue * 100)
				}
			}
			f.Effects = append(f.Effects, ev)
		}
		out = append(out, f)
	}
	return false, out
}

// kind names what a scenario changes from the base: "base", "codec",
// "filtered", "hits" or "pool", in the order httpbench.Scenarios makes
// them.
func kind(s httpbench.Scenario) string {
	switch {
	case s.Name == baseName:
		return "base"
	case s.Source == httpbench.SourceFiltered:
		return "filtered"
	case s.Pool == httpbench.PoolDefault:
		return "pool"
	case s.Name == "hits-"+strconv.Itoa(s.Hits):
		return "hits"
	}
	return "codec"
}

// formatSummary writes a median and the half-width of its interval in
// percent, as benchstat does.
func formatSummary(s summary, scale float64) string {
	switch {
	case math.IsNaN(s.center):
		return format.None
	case s.center == 0 && (s.lo != 0 || s.hi != 0):
		return format.CI(s.estimate(scale), format.Sig, "")
	}
	half := 0.0
	if s.center != 0 {
		half = math.Max(s.hi-s.center, s.center-s.lo) / math.Abs(s.center) * 100
	}
	return format.Sig(s.center*scale) + " " + format.HalfWidth(half)
}

// formatEffect writes an effect with its interval, or Unclear and the
// interval when it is no finding.
func formatEffect(s summary, scale float64, relative bool) string {
	unit := ""
	if relative {
		unit = "%"
	}
	switch {
	case math.IsNaN(s.center):
		return format.None
	case !s.bounded():
		return format.Unclear + " (too few rounds)"
	case !s.established():
		return format.UnclearCI(s.estimate(scale), unit)
	case relative:
		return format.ChangeCI(s.estimate(1))
	}
	return format.CI(s.estimate(scale), format.Signed, "")
}
