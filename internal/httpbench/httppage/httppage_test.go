package httppage

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"math"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/pagecheck"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A variant changes the synthetic run.
type variant struct {
	drop     string             // a scenario left out
	commit   string             // the suite's commit; "" for 1234abcd
	bytes    map[string]float64 // backend-B/req by scenario, instead of the defaults; nil for none
	noBytes  bool               // no backend-B/req at all, as in runs before it
	wide     bool               // every scenario's CPU scatters as goccy's
	negative string             // a scenario whose API CPU is negative
	sparse   float64            // at 200 req/s every scenario's CPU is this many times its 64-worker CPU; 0 for 1
}

// synthetic writes a raw file of 6 rounds: filtered halves the base's API
// CPU every round; goccy's CPU scatters around the base's; hits-1 and
// hits-100 spend what the base does. The backend's responses are 20 KB,
// 2 KB filtered or of 1 hit, 200 KB of 100 hits.
func synthetic(v variant) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "jsoncost-commit: %s\ncommand: go run ./scripts/http\nworkers: 64\nrate: 200\nbackend: loopback\ncodec-goccy: github.com/goccy/go-json@v0.12.0 std native\n\n", cmp.Or(v.commit, "1234abcd"))
	base := httpbench.Base(64)
	filtered, goccy, hits1, hits100 := base, base, base, base
	filtered.Name, filtered.Source = "filtered", httpbench.SourceFiltered
	goccy.Name, goccy.Codec = "goccy", "goccy"
	hits1.Name, hits1.Hits = "hits-1", 1
	hits100.Name, hits100.Hits = "hits-100", 100
	sent := map[string]float64{"base": 20_000, "goccy": 20_000, "filtered": 2_000, "hits-1": 2_000, "hits-100": 200_000}
	maps.Copy(sent, v.bytes)
	noise := []float64{-30, 25, -5, 40, -35, 10}
	for round := range 6 {
		for _, l := range []rawfmt.HTTPLoad{{Rate: 200}, {Workers: 64}} {
			for _, s := range []rawfmt.Scenario{goccy, filtered, base, hits100, hits1} {
				if s.Name == v.drop {
					continue
				}
				cpu := 100_000.0 + float64(round)*1000
				switch {
				case s.Name == "filtered":
					cpu /= 2
				case s.Name == "goccy" || v.wide:
					cpu += noise[round] * 1000
				}
				if s.Name == v.negative {
					cpu = -cpu
				}
				if l.Rate > 0 && v.sparse > 0 {
					cpu *= v.sparse
				}
				fmt.Fprintf(&b, "Benchmark%s 1000 %g req/s 1e+06 p50-ns 2e+06 p90-ns 3e+06 p99-ns 4e+06 p99.9-ns %g api-cpu-ns/req 5000 backend-cpu-ns/req 60000 B/req 300 allocs/req 0 conns/req",
					rawfmt.HTTPCell{Scenario: s, Load: l}.Name(), 1e9/cpu, cpu)
				if !v.noBytes {
					fmt.Fprintf(&b, " %g backend-B/req", sent[s.Name])
				}
				b.WriteString("\n")
			}
		}
	}
	return b.Bytes()
}

func TestPage(t *testing.T) {
	run, err := Read("raw.txt", synthetic(variant{}))
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, c := range run.Cells {
		order = append(order, c.Scenario.Name+"@"+c.Load.String())
	}
	if got, want := strings.Join(order, " "), "base@64-workers goccy@64-workers filtered@64-workers hits-1@64-workers hits-100@64-workers base@200-rps goccy@200-rps filtered@200-rps hits-1@200-rps hits-100@200-rps"; got != want {
		t.Errorf("cells in order %s, want %s", got, want)
	}
	page := pageOf(t, run, true)
	for _, want := range []string{
		"- **filtered** at 64 workers (",
		"API server CPU −51.2 µs per request [−52.5, −50.0], −50% from the base's 102",
		"- **goccy** at 64 workers (`goccy` instead of the base's codec): no change established.",
		"- **goccy** at 200 req/s (`goccy` instead of the base's codec): no change established.",
		"| base | encoding-json | full | 10 | sized-64 | ",
		"![latency percentiles at 64 workers](latency-64-workers.svg)",
		"[raw/raw.txt](raw/raw.txt)",
		"| filtered | 51.2 ±2.4% | 5.00 ±0.0% | 2.00 ±0.0% | 60.0 ±0.0% |",
	} {
		if !strings.Contains(flat(page), flat(want)) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, unwanted := range []string{"Checks failed", "Not recorded", "Not from a committed tree", "no finding is stated"} {
		if strings.Contains(flat(page), flat(unwanted)) {
			t.Errorf("page has %q", unwanted)
		}
	}
	if t.Failed() {
		t.Log(page)
	}
	files, err := Files(run, "linux-amd64-test")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Files(run, "linux-amd64-test")
	for _, name := range []string{"README.md", "latency-64-workers.svg", "latency-200-rps.svg"} {
		if len(files[name]) == 0 || !bytes.Equal(files[name], again[name]) {
			t.Errorf("%s: %d bytes, not the same twice", name, len(files[name]))
		}
	}
	if len(files) != 3 || !bytes.Contains(files["latency-64-workers.svg"], []byte("<svg")) {
		t.Errorf("files %d, want README and 2 SVG charts", len(files))
	}
}

// TestChecks checks that each failed check, a dirty tree and a run without
// response bytes are said at the top of the page, that a failed check
// withholds the findings it names and only those, and that CheckResponses
// fails a run whose response bytes are missing or out of order.
func TestChecks(t *testing.T) {
	const (
		filteredFinding = "- **filtered** at 64 workers (`_source_includes` names the 5 fields, so the backend sends only them, instead of the full `_source`): API server CPU −51.2"
		goccyFinding    = "- **goccy** at 64 workers (`goccy` instead of the base's codec): no change established."
		filteredNone    = "- **filtered** at 64 workers (`_source_includes` names the 5 fields, so the backend sends only them, instead of the full `_source`): no finding is stated: see the checks at the top."
	)
	tests := []struct {
		name      string
		v         variant
		top, want []string // top: lines between the title and the intro
		lacks     []string
		err       string // of CheckResponses; "" for none
	}{
		{
			name: "dirty tree", v: variant{commit: "aecf0f59c1a5-dirty"},
			want: []string{"> **Not from a committed tree:** this run was made at aecf0f59c1a5-dirty, a tree with uncommitted changes, so no commit reproduces it exactly.\n\n# HTTP:", filteredFinding},
		},
		{
			name: "filtered not smaller", v: variant{bytes: map[string]float64{"filtered": 20_000}},
			top:   []string{"> - scenario filtered at 64 workers: the backend's filtered responses of 10 hits are 20000 bytes, not smaller than the base's full ones (20000 bytes)."},
			want:  []string{filteredNone, goccyFinding},
			lacks: []string{filteredFinding},
			err:   "scenario filtered at 200 req/s: the backend's filtered responses of 10 hits are 20000 bytes, not smaller than the base's full ones (20000 bytes)",
		},
		{
			name: "fewer hits not smaller", v: variant{bytes: map[string]float64{"hits-1": 30_000}},
			top:  []string{"> - scenario hits-1 at 64 workers: the backend's full responses of 1 hit are 30000 bytes, not smaller than the base's of 10 hits (20000 bytes)."},
			want: []string{filteredFinding, "- **hits-1** at 64 workers (1 hit per response instead of the base's): no finding is stated"},
			err:  "not smaller than the base's of 10 hits",
		},
		{
			name: "more hits not larger", v: variant{bytes: map[string]float64{"hits-100": 20_000}},
			top: []string{"> - scenario hits-100 at 200 req/s: the backend's full responses of 100 hits are 20000 bytes, not larger than the base's of 10 hits (20000 bytes)."},
			err: "not larger than the base's of 10 hits",
		},
		{
			name: "no response bytes", v: variant{noBytes: true},
			top:   []string{"> **Not recorded:** this run did not record the backend's response bytes (`backend-B/req`)", "> - scenario filtered at 64 workers: this run did not record the backend's response bytes, so that its responses were filtered cannot be checked."},
			want:  []string{filteredNone, goccyFinding, "| filtered | 51.2 ±2.4% | 5.00 ±0.0% | — |"},
			lacks: []string{filteredFinding},
			err:   "has no backend-B/req",
		},
		{
			name: "intervals too wide", v: variant{wide: true},
			top:   []string{"> - at 64 workers the intervals are too wide to rank: the median half-width of the 95% intervals of API CPU per request is ±34.9%, over ±10.0%.", "> - at 200 req/s the intervals are too wide"},
			want:  []string{"- At 64 workers no finding is stated: see the checks at the top.\n"},
			lacks: []string{"API server CPU -", goccyFinding},
		},
		{
			name: "saving larger than the whole", v: variant{negative: "filtered"},
			top:   []string{"> - scenario filtered at 64 workers: its API server CPU saving of 154 µs per request is larger than the base's whole 102."},
			want:  []string{filteredNone, goccyFinding},
			lacks: []string{filteredFinding},
		},
	}
	for _, tt := range tests {
		run, err := Read("raw.txt", synthetic(tt.v))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		page := pageOf(t, run, false)
		title := strings.Index(page, "# HTTP:")
		top := page[title:strings.Index(page, "An API server (net/http)")]
		for _, want := range tt.top {
			if !strings.Contains(flat(top), flat(want)) {
				t.Errorf("%s: the top of the page lacks %q", tt.name, want)
			}
		}
		if len(tt.top) == 0 && strings.Contains(top, "> ") {
			t.Errorf("%s: the top of the page warns:\n%s", tt.name, top)
		}
		if dirty := strings.HasSuffix(tt.v.commit, "-dirty"); dirty != strings.HasPrefix(page, "> **Not from a committed tree:**") {
			t.Errorf("%s: the page starts with %q", tt.name, page[:title])
		}
		for _, want := range tt.want {
			if !strings.Contains(flat(page), flat(want)) {
				t.Errorf("%s: page lacks %q", tt.name, want)
			}
		}
		for _, unwanted := range tt.lacks {
			if strings.Contains(flat(page), flat(unwanted)) {
				t.Errorf("%s: page has %q", tt.name, unwanted)
			}
		}
		err = CheckResponses(run)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: CheckResponses = %v, want an error containing %q", tt.name, err, tt.err)
		}
		if t.Failed() {
			t.Log(page)
			return
		}
	}
}

// TestReadErrors checks that a raw file without HTTP results, with a
// syntax error or without the base at a load makes no Run.
func TestReadErrors(t *testing.T) {
	for name, data := range map[string][]byte{
		"no results": []byte("command: x\n\nBenchmarkCodec/op=a/fixture=b/codec=c 1 1 ns/op\n"),
		"no base":    synthetic(variant{drop: "base"}),
		"syntax":     []byte("BenchmarkHTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=64-workers 1 x req/s\n"),
	} {
		if _, err := Read(name, data); err == nil {
			t.Errorf("%s: Read succeeded", name)
		}
	}
}

func TestEstablished(t *testing.T) {
	tests := []struct {
		s    model.Estimate
		want bool
	}{
		{ci(-10, -12, -9), true},
		{ci(10, 5, 15), true},
		{ci(-10, -19, -9), true},
		{ci(-10, -21, -9), false}, // wider than the effect
		{ci(-10, -12, 1), false},  // spans zero
		{model.Estimate{V: -10, Lo: math.Inf(-1), Hi: math.Inf(1)}, false},
		{ci(0, 0, 0), false},
	}
	for _, tt := range tests {
		if got := established(tt.s); got != tt.want {
			t.Errorf("established(%+v) = %t, want %t", tt.s, got, tt.want)
		}
	}
}

// ci is a median with a finite interval.
func ci(center, lo, hi float64) model.Estimate {
	return model.Estimate{V: center, Lo: lo, Hi: hi, HasCI: true}
}

func TestFormat(t *testing.T) {
	tests := []struct{ got, want string }{
		{formatSummary(ci(2000, 1900, 2200), 1), "2000 ±10.0%"},
		{formatSummary(ci(25.4e6, 24e6, 26e6), 1e-6), "25.4 ±5.5%"},
		{formatSummary(ci(0, 0, 0), 1), "0 ±0.0%"},
		{formatSummary(ci(0, 0, 0.005), 1), "0 [0, 0.00500]"},
		{formatSummary(model.Estimate{V: 5, Lo: math.Inf(-1), Hi: math.Inf(1)}, 1), "5.00 ±∞"},
		{formatSummary(model.Summarize(nil), 1), "—"},
		{formatEffect(ci(-35, -40, -30), 1, false), "−35.0 [−40.0, −30.0]"},
		{formatEffect(ci(12, 8, 18), 1, true), "+12% [+8.0, +18]"},
		{formatEffect(ci(-5, -20, 10), 1, true), "~ [−20%, +10%]"},
		{formatEffect(ci(71, 39.4, 185), 1, true), "↑ [+39%, +185%]"},
		{formatEffect(ci(-160, -300, -20), 1e-3, false), "↓ [−0.300, −0.0200]"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// pageOf is the page of run.
func pageOf(t *testing.T, run *Run, charts bool) string {
	t.Helper()
	page, err := Page(run, "linux-amd64-test", charts)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range pagecheck.Overlong(page) {
		t.Errorf("page line %d: over %d characters outside a table", n, markdown.MaxLine)
	}
	return string(page)
}

// flat is s with each run of white space one space, so that a sentence reads
// the same wherever markdown.Wrap broke its line.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
