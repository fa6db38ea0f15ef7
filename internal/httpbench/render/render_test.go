package render

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/httpbench"
)

// synthetic writes a raw file of 6 rounds: filtered halves the base's API
// CPU every round; goccy's CPU scatters around the base's.
func synthetic(drop string) []byte {
	var b bytes.Buffer
	b.WriteString("command: go run ./scripts/http\nworkers: 64\nrate: 200\nbackend: loopback\ncodec-goccy: github.com/goccy/go-json@v0.12.0 std native\n\n")
	base := httpbench.Base(64)
	filtered, goccy := base, base
	filtered.Name, filtered.Source = "filtered", httpbench.SourceFiltered
	goccy.Name, goccy.Codec = "goccy", "goccy"
	noise := []float64{-30, 25, -5, 40, -35, 10}
	for round := range 6 {
		for _, l := range []httpbench.Load{{Rate: 200}, {Workers: 64}} {
			for _, s := range []httpbench.Scenario{goccy, filtered, base} {
				if s.Name == drop {
					continue
				}
				cpu := 100_000.0 + float64(round)*1000
				switch s.Name {
				case "filtered":
					cpu /= 2
				case "goccy":
					cpu += noise[round] * 1000
				}
				fmt.Fprintf(&b, "Benchmark%s 1000 %g req/s 1e+06 p50-ns 2e+06 p90-ns 3e+06 p99-ns 4e+06 p99.9-ns %g api-cpu-ns/req 5000 backend-cpu-ns/req 60000 B/req 300 allocs/req 0 conns/req\n",
					httpbench.Cell{Scenario: s, Load: l}.Name(), 1e9/cpu, cpu)
			}
		}
	}
	return b.Bytes()
}

func TestPage(t *testing.T) {
	run, err := Parse("raw.txt", synthetic(""))
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, c := range run.Cells {
		order = append(order, c.Scenario.Name+"@"+c.Load.String())
	}
	if got, want := strings.Join(order, " "), "base@64-workers goccy@64-workers filtered@64-workers base@200-rps goccy@200-rps filtered@200-rps"; got != want {
		t.Errorf("cells in order %s, want %s", got, want)
	}
	page := string(Page(run, "linux-amd64-test", true))
	for _, want := range []string{
		"- **filtered** at 64 workers (",
		"API server CPU -51.2 µs per request (-52.5 to -50.0), -50.0% from the base's 102",
		"- **goccy** at 64 workers (`goccy` instead of the base's codec): no change established.",
		"- **goccy** at 200 req/s (`goccy` instead of the base's codec): no change established.",
		"| base | encoding-json | full | 10 | sized-64 | ",
		"![latency percentiles at 64 workers](latency-64-workers.svg)",
		"[raw/raw.txt](raw/raw.txt)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
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

func TestParseErrors(t *testing.T) {
	for name, data := range map[string][]byte{
		"no results": []byte("command: x\n\nBenchmarkCodec/op=a/fixture=b/codec=c 1 1 ns/op\n"),
		"no base":    synthetic("base"),
		"syntax":     []byte("BenchmarkHTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=64-workers 1 x req/s\n"),
	} {
		if _, err := Parse(name, data); err == nil {
			t.Errorf("%s: Parse succeeded", name)
		}
	}
}

func TestEstablished(t *testing.T) {
	tests := []struct {
		s    summary
		want bool
	}{
		{summary{-10, -12, -9}, true},
		{summary{10, 5, 15}, true},
		{summary{-10, -19, -9}, true},
		{summary{-10, -21, -9}, false}, // wider than the effect
		{summary{-10, -12, 1}, false},  // spans zero
		{summary{-10, math.Inf(-1), math.Inf(1)}, false},
		{summary{0, 0, 0}, false},
	}
	for _, tt := range tests {
		if got := tt.s.established(); got != tt.want {
			t.Errorf("%+v.established() = %t, want %t", tt.s, got, tt.want)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct{ got, want string }{
		{formatSummary(summary{2000, 1900, 2200}, 1), "2000 ±10%"},
		{formatSummary(summary{25.4e6, 24e6, 26e6}, 1e-6), "25.4 ±6%"},
		{formatSummary(summary{0, 0, 0}, 1), "0 ±0%"},
		{formatSummary(summary{0, 0, 0.005}, 1), "0 (0 to 0.005)"},
		{formatSummary(summary{5, math.Inf(-1), math.Inf(1)}, 1), "5.00 ±∞"},
		{formatSummary(summarize(nil), 1), "—"},
		{formatEffect(summary{-35, -40, -30}, 1, false), "-35.0 (-40.0 to -30.0)"},
		{formatEffect(summary{12, 8, 18}, 1, true), "+12.0% (+8.00% to +18.0%)"},
		{formatEffect(summary{-5, -20, 10}, 1, true), "~ (-20.0% to +10.0%)"},
		{number(0.0016), "0.0016"},
		{number(1234.5), "1234"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
