package load

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestReadHTTP checks what a small HTTP raw file reads into: its
// configuration, its cells in file order and their values per unit as
// written and their requests, in round order; a codec cell beside them is
// not an HTTP cell.
func TestReadHTTP(t *testing.T) {
	base := rawfmt.Scenario{Name: "base", Codec: "encoding-json", Source: "full", Hits: 10, Pool: "sized-4"}
	goccy := base
	goccy.Name, goccy.Codec = "goccy", "goccy"
	cells := []rawfmt.HTTPCell{{Scenario: goccy, Load: rawfmt.HTTPLoad{Rate: 50}}, {Scenario: base, Load: rawfmt.HTTPLoad{Rate: 50}}}
	var b strings.Builder
	b.WriteString("rounds: 2\nworkers: 4\n\nBenchmarkCodec/op=decode-map/fixture=fields-0005/codec=goccy 100 42 ns/op\n")
	for round := 1; round <= 2; round++ {
		for i, c := range cells {
			r := strconv.Itoa(10*round + i)
			b.WriteString("Benchmark" + string(c.Name()) +
				" " + r + "0 " + r + " req/s " + r + "000 p50-ns " + r + "00 api-cpu-ns/req\n")
		}
	}
	r, err := ReadHTTP("raw.txt", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if r.File != "raw.txt" || r.Value(rawfmt.KeyRounds) != "2" || r.Value(rawfmt.KeyWorkers) != "4" || r.Value("nope") != "" {
		t.Errorf("file %q, rounds %q, workers %q, nope %q; want raw.txt, 2, 4 and none", r.File, r.Value(rawfmt.KeyRounds), r.Value(rawfmt.KeyWorkers), r.Value("nope"))
	}
	if !slices.Equal(r.Cells, cells) {
		t.Errorf("cells %v, want %v", r.Cells, cells)
	}
	for i, c := range cells {
		for unit, want := range map[string][]float64{
			rawfmt.UnitReqs:   {float64(10 + i), float64(20 + i)},
			rawfmt.UnitP50:    {float64(10+i) * 1000, float64(20+i) * 1000},
			rawfmt.UnitAPICPU: {float64(10+i) * 100, float64(20+i) * 100},
		} {
			if got := r.Samples(c, unit); !slices.Equal(got, want) {
				t.Errorf("%s %s: %v, want %v", c.Scenario.Name, unit, got, want)
			}
		}
		if got, want := r.Iters(c), []float64{float64(10+i) * 10, float64(20+i) * 10}; !slices.Equal(got, want) {
			t.Errorf("%s requests: %v, want %v", c.Scenario.Name, got, want)
		}
	}
}

// TestReadHTTPErrors checks that a file without HTTP results or with a
// syntax error reads into no run.
func TestReadHTTPErrors(t *testing.T) {
	for name, data := range map[string]string{
		"no results":   "command: x\n\nBenchmarkCodec/op=a/fixture=b/codec=c 1 1 ns/op\n",
		"syntax error": "BenchmarkHTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=64-workers 1 x req/s\n",
	} {
		if r, err := ReadHTTP(name, []byte(data)); err == nil {
			t.Errorf("%s: read %d cells, want an error", name, len(r.Cells))
		}
	}
}

// TestReadHTTPCommitted checks that every committed HTTP raw file reads
// into a whole run: each cell with one value of each figure per round.
func TestReadHTTPCommitted(t *testing.T) {
	paths, err := filepath.Glob("../../../results/*/http/raw/*.txt")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no committed HTTP raw files (%v)", err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, err := ReadHTTP(filepath.Base(p), data)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		rounds, err := strconv.Atoi(r.Value(rawfmt.KeyRounds))
		if err != nil || len(r.Cells) < 2 {
			t.Errorf("%s: %d cells, rounds %q", p, len(r.Cells), r.Value(rawfmt.KeyRounds))
		}
		for _, c := range r.Cells {
			for _, unit := range []string{rawfmt.UnitReqs, rawfmt.UnitP99, rawfmt.UnitAPICPU} {
				if n := len(r.Samples(c, unit)); n != rounds {
					t.Errorf("%s: %s: %d values of %s, want one per round (%d)", p, c.Name(), n, unit, rounds)
				}
			}
		}
	}
}
