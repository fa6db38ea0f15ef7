package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost"
)

var gomaxprocsSuffix = regexp.MustCompile(`-[0-9]+$`)

func tinyRun(results string) options {
	return options{
		sel:       jsoncost.Selection{Codecs: "encoding-json,goccy", Ops: "decode-map", Fixtures: "fields-0001,fields-0002"},
		rounds:    2,
		benchtime: "1ms",
		results:   results,
	}
}

// TestRunWritesRawFile runs the runner end to end on a tiny matrix and reads
// its output back with benchfmt.
func TestRunWritesRawFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the benchmark binary")
	}
	dir := t.TempDir()
	if err := run(context.Background(), tinyRun(dir)); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "raw", "*"))
	if len(files) != 1 || !strings.HasSuffix(files[0], "-custom.txt") {
		t.Fatalf("raw files = %v, want one *-custom.txt", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := benchfmt.NewReader(f, files[0])
	results := map[string]int{}
	var config map[string]string
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("not a result: %v", r.Result())
		}
		results[gomaxprocsSuffix.ReplaceAllString(string(res.Name), "")]++
		config = map[string]string{}
		for _, c := range res.Config {
			config[c.Key] = string(c.Value)
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Codec/op=noop/fixture=fields-0001/codec=noop",
		"Codec/op=decode-map/fixture=fields-0001/codec=encoding-json",
		"Codec/op=decode-map/fixture=fields-0002/codec=goccy",
	}
	for _, name := range want {
		if results[name] != 2 {
			t.Errorf("%s: %d results, want one per round (2)", name, results[name])
		}
	}
	for _, key := range []string{"go", "goos", "cpu", "machine-id", "jsoncost-commit", "command", "sonic-engine", "codec-goccy", "gomaxprocs"} {
		if config[key] == "" {
			t.Errorf("configuration line %q missing", key)
		}
	}
}

// TestInterruptedRunLeavesNoResult cancels a run midway: nothing is renamed
// into place and the partial file is named in the error.
func TestInterruptedRunLeavesNoResult(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the benchmark binary")
	}
	dir := t.TempDir()
	o := tinyRun(dir)
	o.rounds, o.benchtime = 1000, "50ms"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := run(ctx, o)
	if err == nil || !strings.Contains(err.Error(), "partial output kept in") {
		t.Fatalf("run error = %v, want an interruption naming the partial file", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*", "raw", "*.txt")); len(files) != 0 {
		t.Errorf("an interrupted run left results: %v", files)
	}
}

func TestRunRejectsBadSelections(t *testing.T) {
	tests := []struct {
		o    options
		want string
	}{
		{options{sel: jsoncost.Selection{Codecs: "sonic"}, rounds: 1, benchtime: "1ms"}, `unknown codec "sonic"; valid:`},
		{options{sel: jsoncost.Selection{Fixtures: "fields-9999"}, rounds: 1, benchtime: "1ms"}, `unknown fixture "fields-9999"`},
		{options{rounds: 0, benchtime: "1ms"}, "need at least 1"},
		{options{rounds: 1, benchtime: "fast"}, "-benchtime"},
	}
	for _, tt := range tests {
		err := run(context.Background(), tt.o)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("run(%+v) = %v, want %q", tt.o, err, tt.want)
		}
	}
}

func TestMachineIDSlug(t *testing.T) {
	tests := map[string]string{
		"AMD EPYC": "amd-epyc",
		"Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz": "intel-r-xeon-r-platinum-8375c-cpu-2-90ghz",
		"": "unknown-cpu",
	}
	for model, want := range tests {
		if got := slug(model); got != want {
			t.Errorf("slug(%q) = %q, want %q", model, got, want)
		}
	}
}

func TestIsConfigLine(t *testing.T) {
	tests := map[string]bool{
		"goos: linux":                       true,
		"cpu: AMD EPYC":                     true,
		"PASS":                              false,
		"BenchmarkCodec/op=x-2  1  2 ns/op": false,
		"Some Key: v":                       false,
	}
	for line, want := range tests {
		if got := isConfigLine(line); got != want {
			t.Errorf("isConfigLine(%q) = %v, want %v", line, got, want)
		}
	}
}
