package render

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

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

// Page returns the report of run as Markdown. machine names the machine,
// charts says whether to link the latency charts (ChartFile). Its first
// line says so when the run's tree had uncommitted changes, and the lines
// after the title name every check that failed and every measurement the
// run lacks.
func Page(run *Run, machine string, charts bool) []byte {
	var b bytes.Buffer
	if run.dirty() {
		fmt.Fprintf(&b, "> **Not from a committed tree:** this run was made at %s, a tree with uncommitted changes, so no commit reproduces it exactly.\n\n", run.config(rawfmt.KeyCommit))
	}
	fmt.Fprintf(&b, "# HTTP: an Elasticsearch-backed API under load — %s\n\n", machine)
	problems := run.problems()
	writeWarnings(&b, run, problems)
	b.WriteString(intro)
	writeSetup(&b, run)
	b.WriteString("\n## Findings\n\n" + findingsIntro)
	for _, l := range run.Loads() {
		writeFindings(&b, run, l, problems)
	}
	for _, l := range run.Loads() {
		fmt.Fprintf(&b, "\n## %s\n\n", loadTitle(l, run))
		writeTable(&b, run, l)
		if charts {
			fmt.Fprintf(&b, "\n![latency percentiles at %s](%s)\n", loadLabel(l), ChartFile(l))
		}
		b.WriteString("\nEffects against the base, paired by round: the median and 95% interval of the round-by-round difference; `" + format.Unclear + "` marks an effect whose interval spans zero or is wider than the effect.\n\n")
		writeEffects(&b, run, l)
	}
	b.WriteString("\n## Scenarios\n\n")
	for _, c := range run.Cells {
		if c.Load == run.Loads()[0] {
			fmt.Fprintf(&b, "- **%s**: %s.\n", c.Scenario.Name, describe(run, c.Scenario))
		}
	}
	return b.Bytes()
}

const intro = `An API server (net/http) answers each request by searching an Elasticsearch-shaped backend, decoding the
response into the fixture's typed documents with one codec, and encoding the 5 fields its client uses with the same
codec. A load generator (vegeta) drives it at a fixed concurrency and at a fixed rate. Each scenario changes one thing
from the base; every cell ran once per round, in a shuffled order per round. Server CPU is the API server's own
process (getrusage), allocations its runtime/metrics; the backend runs in a process of its own.

`

const findingsIntro = "Each scenario against the base at the same load, paired by round: the median change over the rounds and, in brackets, its 95% interval. A change is stated only when its interval excludes zero and is no wider than the change itself, and only when the run passes the checks: at each load, the median half-width of the API CPU intervals is at most ±10.0%; the backend's filtered responses and those of fewer hits are smaller than the base's, those of more hits larger; no saving is larger than the base's whole.\n\n"

// writeWarnings writes, after the title, what the run did not record and
// every check it failed.
func writeWarnings(b *bytes.Buffer, run *Run, problems []problem) {
	if !run.hasBytes() {
		fmt.Fprintf(b, "> **Not recorded:** this run did not record the backend's response bytes (`%s`): their column is empty.\n\n", httpbench.UnitBackendB)
	}
	if len(problems) == 0 {
		return
	}
	b.WriteString("> **Checks failed:** no finding is stated for what they name.\n>\n")
	for _, p := range problems {
		fmt.Fprintf(b, "> - %s.\n", p.text)
	}
	b.WriteString("\n")
}

func writeSetup(b *bytes.Buffer, run *Run) {
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
	markdown.Table(b, []string{"run", ""}, append(rows, codecs...))
}

// loadLabel names a load in a sentence.
func loadLabel(l httpbench.Load) string {
	if l.Rate == 0 {
		return format.Plural(l.Workers, "worker")
	}
	return strconv.Itoa(l.Rate) + " req/s"
}

func loadTitle(l httpbench.Load, run *Run) string {
	if l.Rate == 0 {
		return fmt.Sprintf("%d workers, as fast as they go", l.Workers)
	}
	return fmt.Sprintf("%d requests per second (at most %s in flight)", l.Rate, run.config(httpbench.KeyWorkers))
}

// writeTable writes a row per scenario at load l: every metric's median
// and the half-width of its 95% interval, speed in one table and cost in
// another.
func writeTable(b *bytes.Buffer, run *Run, l httpbench.Load) {
	for i, metrics := range [][]metric{speedMetrics, costMetrics} {
		header := []string{"scenario"}
		align := []markdown.Align{markdown.Left}
		if i == 0 {
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
			if i == 0 {
				row = append(row, c.Codec, c.Source, strconv.Itoa(c.Hits), c.Pool)
			}
			for _, m := range metrics {
				row = append(row, formatSummary(summarize(run.Samples(c, m.unit)), m.scale))
			}
			rows = append(rows, row)
		}
		if i > 0 {
			b.WriteString("\n")
		}
		markdown.Table(b, header, rows, align...)
	}
}

// writeEffects writes a row per scenario at load l with its effects.
func writeEffects(b *bytes.Buffer, run *Run, l httpbench.Load) {
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
	markdown.Table(b, header, rows, align...)
}

// of returns the effect of cell c against base and the scale it is shown at.
func (e effect) of(run *Run, base, c httpbench.Cell) (summary, float64) {
	b, v := run.Samples(base, e.unit), run.Samples(c, e.unit)
	if e.relative {
		return paired(b, v, change), 1
	}
	return paired(b, v, difference), e.scale
}

// writeFindings writes a sentence per scenario at load l saying which
// effects this run establishes, each with its interval, or that a failed
// check withholds them.
func writeFindings(b *bytes.Buffer, run *Run, l httpbench.Load, problems []problem) {
	base, _ := run.base(l)
	if slices.ContainsFunc(problems, func(p problem) bool { return p.covers(base) && p.scenario == "" }) {
		fmt.Fprintf(b, "- At %s no finding is stated: see the checks at the top.\n", loadLabel(l))
		return
	}
	for _, c := range run.Cells {
		if c.Load != l || c == base {
			continue
		}
		if slices.ContainsFunc(problems, func(p problem) bool { return p.covers(c) }) {
			fmt.Fprintf(b, "- **%s** at %s (%s): no finding is stated: see the checks at the top.\n", c.Scenario.Name, loadLabel(l), describe(run, c.Scenario))
			continue
		}
		var parts []string
		for _, e := range effects {
			s, scale := e.of(run, base, c)
			if !s.established() {
				continue
			}
			baseValue := summarize(run.Samples(base, e.unit)).center * e.scale
			if e.relative {
				parts = append(parts, fmt.Sprintf("%s %s from the base's %s %s", e.noun, format.ChangeCI(s.estimate(1)), format.Sig(baseValue), e.per))
			} else {
				rel := ""
				if baseValue != 0 {
					rel = " " + format.Change(s.center*scale/baseValue*100)
				}
				parts = append(parts, fmt.Sprintf("%s %s,%s from the base's %s", e.noun, format.CI(s.estimate(scale), format.Signed, " "+e.per), rel, format.Sig(baseValue)))
			}
		}
		what := "no change established"
		if len(parts) > 0 {
			what = strings.Join(parts, "; ")
		}
		fmt.Fprintf(b, "- **%s** at %s (%s): %s.\n", c.Scenario.Name, loadLabel(l), describe(run, c.Scenario), what)
	}
}

// describe says what a scenario does, and for all but the base how it
// differs from the base.
func describe(run *Run, s httpbench.Scenario) string {
	workers := run.config(httpbench.KeyWorkers)
	switch {
	case s.Name == baseName:
		return fmt.Sprintf("`%s`, the full `_source` of %d hits projected to 5 fields by the API server, a backend pool of %s idle connections (%s)", s.Codec, s.Hits, workers, s.Pool)
	case s.Source == httpbench.SourceFiltered:
		return "`_source_includes` names the 5 fields, so the backend sends only them, instead of the full `_source`"
	case s.Pool == httpbench.PoolDefault:
		return "Go's default transport (2 idle connections per host, so a burst opens and closes the rest) instead of a pool sized for " + workers
	case s.Name == "hits-"+strconv.Itoa(s.Hits):
		return fmt.Sprintf("%s per response instead of the base's", format.Plural(s.Hits, "hit"))
	}
	return "`" + s.Codec + "` instead of the base's codec"
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
