package main

import (
	"bytes"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

// The test binary plays the command's server roles (its first argument
// names one) and, with roleEnv set, the command itself.
const (
	roleEnv = "JSONCOST_HTTP_TEST_ROLE"
	markEnv = "JSONCOST_HTTP_TEST_MARK" // inherited by every process a test starts, to find them
	// faultEnv makes every API server run with one part of its
	// configuration changed, "from to", whatever its scenario: a fault the
	// run must catch.
	faultEnv = "JSONCOST_HTTP_TEST_FAULT"
)

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && isRole(os.Args[1]) {
		if f := strings.Fields(os.Getenv(faultEnv)); len(f) == 2 && os.Args[1] == roleAPI {
			os.Args[len(os.Args)-1] = strings.Replace(os.Args[len(os.Args)-1], f[0], f[1], 1)
		}
		os.Exit(serve(os.Args[1], os.Args[2:], os.Stderr))
	}
	if os.Getenv(roleEnv) == "command" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// tiny are options whose every load phase ends after a few requests,
// however long that takes.
func tiny(results string) options {
	o, err := parseFlags([]string{"-results", results, "-rounds", "1", "-workers", "4", "-rate", "500",
		"-duration", "10m", "-warmup", "10m"}, io.Discard)
	if err != nil {
		panic(err)
	}
	o.requests = 12
	return o
}

// TestRun runs every cell once against the loopback backend and checks
// the raw file and the page it prints.
func TestRun(t *testing.T) {
	results := t.TempDir()
	var stdout, stderr bytes.Buffer
	if err := run(t.Context(), tiny(results), &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	id := runinfo.MachineID()
	dir := filepath.Join(results, id, "http")
	raws, _ := filepath.Glob(filepath.Join(dir, "raw", "*"))
	hidden, _ := filepath.Glob(filepath.Join(dir, "raw", ".*"))
	if len(raws) != 2 || len(hidden) != 0 || raws[0]+"" != strings.TrimSuffix(raws[1], ".txt")+"-cpu" {
		t.Fatalf("raw directory holds %q and %q; want one raw file and its CPU profiles", raws, hidden)
	}
	raws = raws[1:]
	data, err := os.ReadFile(raws[0])
	if err != nil {
		t.Fatal(err)
	}
	r, err := httppage.Read(filepath.Base(raws[0]), data)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Cells) != 14 {
		t.Errorf("%d cells, want 14 (7 scenarios at 2 loads)", len(r.Cells))
	}
	for _, c := range r.Cells {
		if n := len(r.Samples(c, "req/s")); n != 1 {
			t.Errorf("%s: %d samples, want 1", c.Name(), n)
		}
		if b := r.Samples(c, rawfmt.UnitBackendB); len(b) != 1 || b[0] <= 0 {
			t.Errorf("%s: backend response bytes %v, want one positive value", c.Name(), b)
		}
	}
	if err := httppage.CheckResponses(r); err != nil {
		t.Error(err)
	}
	for _, want := range []string{"\nbackend: loopback\n", "\nrounds: 1\n", "\ncpu-profile-hz: 100\n", "\ncodec-sonic-std: github.com/bytedance/sonic@", "\nBenchmarkHTTP/scenario=base/codec=encoding-json/source=full/hits=10/pool=sized-4/load=4-workers 12 "} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("raw file lacks %q", want)
		}
	}
	if err := httppage.ReadBeside(r, filepath.Join(dir, "raw"), nil); err != nil {
		t.Fatal(err)
	}
	if len(r.Profiles) != 7 {
		t.Errorf("%d CPU profiles, want one per scenario", len(r.Profiles))
	}
	page, err := httppage.Page(r, id, false)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stdout.Bytes(), page) {
		t.Errorf("printed\n%s\nwant the run's page\n%s", stdout.Bytes(), page)
	}
	if pages, _ := filepath.Glob(filepath.Join(dir, "*.*")); len(pages) != 0 {
		t.Errorf("wrote %q; the pages are make report's", pages)
	}
}

// TestRunFaults checks that a run stops with one line and writes nothing
// when its API servers leave out _source_includes in the filtered
// scenario, or ask for 10 hits in the scenario of 1.
func TestRunFaults(t *testing.T) {
	tests := []struct {
		fault string
		want  string
	}{
		{`"Source":"filtered"` + ` "Source":"full"`, `^round 1: scenario filtered at \d+-(workers|rps): the backend received 12 searches with no _source_includes for 12 requests; want _source_includes=[a-z_,]+ in each; nothing written$`},
		{`"Hits":1,` + ` "Hits":10,`, `^scenario hits-1 at [^;]+: the backend's full responses of 1 hit are \d+ bytes, not smaller than the base's of 10 hits \(\d+ bytes\); .*; nothing written$`},
	}
	for _, tt := range tests {
		t.Setenv(faultEnv, tt.fault)
		results := t.TempDir()
		err := run(t.Context(), tiny(results), io.Discard, io.Discard)
		if want := regexp.MustCompile(tt.want); err == nil || !want.MatchString(err.Error()) {
			t.Errorf("%s: run: %v; want one line matching %s", tt.fault, err, want)
		}
		if entries, _ := os.ReadDir(results); len(entries) != 0 {
			t.Errorf("%s: wrote %v", tt.fault, entries)
		}
	}
}

// TestCheckBackend checks what a cell's backend must have seen.
func TestCheckBackend(t *testing.T) {
	filtered := httpbench.Base(4)
	filtered.Source = httpbench.SourceFiltered
	includes, err := httpbench.Includes(filtered)
	if err != nil {
		t.Fatal(err)
	}
	read := httpbench.Stats{Bytes: 3000}
	tests := []struct {
		name    string
		s       rawfmt.Scenario
		backend httpbench.Stats
		want    string // "" for no error
	}{
		{"full", httpbench.Base(4), httpbench.Stats{Requests: 3, Bytes: 3000, Includes: map[string]uint64{"": 3}}, ""},
		{"filtered", filtered, httpbench.Stats{Requests: 3, Bytes: 3000, Includes: map[string]uint64{includes: 3}}, ""},
		{"filtered without includes", filtered, httpbench.Stats{Requests: 3, Bytes: 3000, Includes: map[string]uint64{"": 3}}, "the backend received 3 searches with no _source_includes for 3 requests"},
		{"full with includes", httpbench.Base(4), httpbench.Stats{Requests: 3, Bytes: 3000, Includes: map[string]uint64{"": 1, "a": 2}}, "1 searches with no _source_includes and 2 searches with _source_includes=a"},
		{"extra searches", filtered, httpbench.Stats{Requests: 4, Bytes: 3000, Includes: map[string]uint64{includes: 4}}, "received 4 searches"},
		{"bytes lost", filtered, httpbench.Stats{Requests: 3, Bytes: 3100, Includes: map[string]uint64{includes: 3}}, "the backend sent 3100 bytes of search responses, the API server read 3000"},
	}
	for _, tt := range tests {
		err := checkBackend(tt.s, 3, tt.backend, read)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v; want an error containing %q", tt.name, err, tt.want)
		}
	}
}

// fakeES is an Elasticsearch that answers its root and then search with
// status and body.
func fakeES(t *testing.T, status int, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			io.WriteString(w, `{"version":{"number":"8.15.0"}}`)
			return
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestBadInput checks that each bad input stops the command with a clear
// one-line error and writes nothing.
func TestBadInput(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	tests := []struct {
		name, want string
		set        func(*options)
	}{
		{"unreachable cluster", "is unreachable: dial tcp", func(o *options) { o.es = closed.URL }},
		{"missing index", `index "jsoncost-es-hits" not found at`, func(o *options) {
			o.es = fakeES(t, 404, `{"error":{"type":"index_not_found_exception","reason":"no such index [jsoncost-es-hits]"},"status":404}`)
		}},
		{"cluster error", "with 503 Service Unavailable: search_phase_execution_exception: all shards failed", func(o *options) {
			o.es = fakeES(t, 503, `{"error":{"type":"search_phase_execution_exception","reason":"all shards failed"},"status":503}`)
		}},
	}
	for _, tt := range tests {
		results := t.TempDir()
		o := tiny(results)
		tt.set(&o)
		err := run(t.Context(), o, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v; want one line containing %q", tt.name, err, tt.want)
		}
		if entries, _ := os.ReadDir(results); len(entries) != 0 {
			t.Errorf("%s: wrote %v", tt.name, entries)
		}
	}
	for _, args := range [][]string{
		{"-es", "127.0.0.1:9200"},
		{"-load"},
		{"-rounds", "0"},
		{"extra"},
	} {
		if _, err := parseFlags(args, io.Discard); err == nil {
			t.Errorf("parseFlags(%q) succeeded", args)
		}
	}
}

// TestFigures checks every value of a cell's result line for a known load
// (knownLoad: 1000 requests in one second) and known counters.
func TestFigures(t *testing.T) {
	apiServer := httpbench.Stats{Requests: 1000, CPU: 2 * time.Second, AllocBytes: 3_000_000, AllocObjects: 40_000, Conns: 64, Bytes: 20_000_000}
	back := httpbench.Stats{Requests: 1000, CPU: 5 * time.Second}
	want := map[string]float64{
		rawfmt.UnitReqs: 1000,
		rawfmt.UnitP50:  500e3, rawfmt.UnitP90: 900e3, rawfmt.UnitP99: 990e3, rawfmt.UnitP999: 999e3,
		rawfmt.UnitAPICPU: 2e6, rawfmt.UnitBackendCPU: 5e6,
		rawfmt.UnitBReq: 3000, rawfmt.UnitAllocsReq: 40, rawfmt.UnitConns: 0.064, rawfmt.UnitBackendB: 20_000,
	}
	for _, loopback := range []bool{true, false} {
		got := map[string]float64{}
		for _, v := range figures(knownLoad(t), apiServer, back, loopback) {
			got[v.Unit] = v.Value
		}
		if !loopback { // a cluster's CPU time is not the run's to measure
			want = maps.Clone(want)
			delete(want, rawfmt.UnitBackendCPU)
		}
		if !maps.Equal(got, want) {
			t.Errorf("loopback %t: figures\n %v\nwant\n %v", loopback, got, want)
		}
	}
}
