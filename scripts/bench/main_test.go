package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs/codectest"
	"github.com/jsoncost/jsoncost/codecs/probes"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// The test binary plays four more roles: a probe child of probes.Run, or,
// chosen by roleEnv, the runner
// itself (to be killed or orphaned), the process that starts it (to be
// killed), and a fake benchmark binary that serves the runner with made-up
// figures (fake_test.go). The runner role's binaries are fakes; the parent
// role's child is a runner.
const (
	roleEnv = "JSONCOST_BENCH_TEST_ROLE"
	fakeEnv = "JSONCOST_BENCH_TEST_FAKE" // the fake's mode (fake_test.go)
	dirEnv  = "JSONCOST_BENCH_TEST_DIR"  // where the fakes write their pids and find their gate
	idEnv   = "JSONCOST_BENCH_TEST_ID"   // the fake's layout: its figures are this many times a cell's weight
)

func TestMain(m *testing.M) {
	probes.ServeChild(codectest.FromEnv()) // a probe child of TestAddACodec, with the codec it added
	switch role := os.Getenv(roleEnv); role {
	case "runner":
		writePID(role)
		o, err := parseFlags(os.Args[1:], os.Stderr)
		o.bins = fakeBins(os.Getenv(dirEnv), 2)
		runner.Main("bench", err, 9, func(ctx context.Context) error { return run(ctx, o, os.Stderr) })
	case "parent":
		cmd := exec.Command(testBinary(), os.Args[1:]...)
		cmd.Env = append(os.Environ(), roleEnv+"=runner")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		cmd.Run()
		os.Exit(cmd.ProcessState.ExitCode())
	case "fake":
		os.Exit(fakeServe())
	}
	start := time.Now()
	code := m.Run()
	if realBuild.dir != "" {
		fmt.Fprintf(os.Stderr, "(the benchmark binary took %s to build; the tests %s in all)\n",
			realBuild.took.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
		os.RemoveAll(realBuild.dir)
	}
	os.Exit(code)
}

func testBinary() string {
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	return exe
}

var realBuild struct {
	once sync.Once
	dir  string
	took time.Duration
	bin  string
	err  error
}

// realBinary returns the benchmark binary, built once for every test that
// needs it.
func realBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("needs the benchmark binary")
	}
	b := &realBuild
	b.once.Do(func() {
		start := time.Now()
		if b.dir, b.err = os.MkdirTemp("", "jsoncost-bench-test-"); b.err == nil {
			b.bin = filepath.Join(b.dir, "jsoncost.test")
			b.err = runner.Compile(context.Background(), b.bin, runner.Package, nil)
		}
		b.took = time.Since(start)
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.bin
}

// fakeBins writes n scripts into dir that start the test binary as a fake
// benchmark binary of layout 1, 2, …, and returns their paths.
func fakeBins(dir string, n int) []string {
	var bins []string
	for i := 1; i <= n; i++ {
		path := filepath.Join(dir, fmt.Sprintf("fake%d.sh", i))
		script := fmt.Sprintf("#!/bin/sh\n%s=fake %s=%d exec %s \"$@\"\n", roleEnv, idEnv, i, testBinary())
		if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
			panic(err)
		}
		bins = append(bins, path)
	}
	return bins
}

// fakeRun makes the fakes, in mode, the binaries of o, and returns the
// directory where they write their pids.
func fakeRun(t *testing.T, mode string, o *options) (dir string) {
	dir = t.TempDir()
	t.Setenv(fakeEnv, mode)
	t.Setenv(dirEnv, dir)
	o.bins = fakeBins(dir, 2)
	return dir
}

// tinyRun is a run of two codecs on two documents and one operation, in
// two rounds of two pairs on two layouts.
func tinyRun(results string) options {
	return options{
		sel:    rawfmt.Selection{Codecs: "encoding-json,goccy", Ops: "decode-map", Fixtures: "fields-0001,fields-0002"},
		rounds: 2, slice: time.Millisecond, pairs: 2, layouts: 2, results: results,
	}
}

// A line is one result of a raw file with the configuration it follows.
type line struct {
	cell   rawfmt.Cell
	gc     string // the heap of a BenchmarkGC line, else ""
	iters  int
	values map[string]float64
	config map[string]string
}

// resultFile is one raw file as benchfmt reads it.
type resultFile struct {
	path   string
	config map[string]string // the last value of every key
	lines  []line
}

// readRaw reads the only file under results/*/raw, failing unless there is
// exactly one and it is complete.
func readRaw(t *testing.T, results string) resultFile {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(results, "*", "raw", "*"))
	hidden, _ := filepath.Glob(filepath.Join(results, "*", "raw", ".*"))
	files = append(files, hidden...)
	if len(files) != 1 || rawfmt.IsPartial(filepath.Base(files[0])) {
		t.Fatalf("files under %s = %v, want one raw file", results, files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	raw := resultFile{path: files[0], config: map[string]string{}}
	r := benchfmt.NewReader(bytes.NewReader(data), files[0])
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("not a result: %v", r.Result())
		}
		l := line{iters: res.Iters, values: map[string]float64{}, config: map[string]string{}}
		if heap, ok := rawfmt.ParseGC(res.Name); ok {
			l.gc = heap
		} else if l.cell, ok = rawfmt.ParseCell(res.Name); !ok {
			t.Fatalf("%s: not a cell", res.Name)
		}
		for _, v := range res.Values {
			if v.OrigUnit != "" {
				l.values[v.OrigUnit] = v.OrigValue
			} else {
				l.values[v.Unit] = v.Value
			}
		}
		for _, c := range res.Config {
			raw.config[c.Key], l.config[c.Key] = string(c.Value), string(c.Value)
		}
		raw.lines = append(raw.lines, l)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return raw
}

// noResults fails if anything is under results/*/raw: a run that fails
// removes its partial file too. A run killed outright cannot, so a partial
// file passes with killed.
func noResults(t *testing.T, results string, killed bool) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(results, "*", "raw", "*"))
	for _, f := range files {
		if !killed || !rawfmt.IsPartial(filepath.Base(f)) {
			t.Errorf("left a file: %s", f)
		}
	}
}

func TestParseFlags(t *testing.T) {
	quick, noise := jsoncost.QuickSelection, jsoncost.NoiseSelection
	def := options{rounds: 40, slice: time.Millisecond, pairs: 4, layouts: 40, results: "results"}
	with := func(f func(o *options)) options {
		o := def
		f(&o)
		return o
	}
	tests := []struct {
		args []string
		want options
	}{
		{nil, def},
		{[]string{"-codecs", "goccy", "-ops", "", "-slice", "2ms", "-seed", "42", "-pairs", "3", "-layouts", "2"},
			with(func(o *options) {
				o.sel.Codecs, o.slice, o.seed, o.pairs, o.layouts = "goccy", 2*time.Millisecond, 42, 3, 2
			})},
		{[]string{"-rounds", "10"}, with(func(o *options) { o.rounds, o.layouts = 10, 10 })},
		{[]string{"-rounds", "10", "-layouts", "3"}, with(func(o *options) { o.rounds, o.layouts = 10, 3 })},
		{[]string{"-quick"}, with(func(o *options) { o.sel, o.quick, o.rounds, o.layouts = quick, true, 4, 4 })},
		{[]string{"-quick", "-codecs", "", "-rounds", "5", "-ops", "decode-map", "-pairs", "1"},
			with(func(o *options) {
				o.sel, o.quick, o.rounds, o.pairs, o.layouts = rawfmt.Selection{Ops: "decode-map", Fixtures: quick.Fixtures}, true, 5, 1, 5
			})},
		{[]string{"-noise"}, with(func(o *options) { o.sel, o.noise, o.rounds, o.layouts = noise, true, 16, 16 })},
		{[]string{"-builds", ""}, with(func(o *options) {
			o.builds = []build{{name: "go1.26.8", toolchain: "go1.26.8"}, {name: "go1.27.3", toolchain: "go1.27.3"},
				{name: "go1.27.3+nojsonv2", toolchain: "go1.27.3", experiment: "nojsonv2"}}
		})},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		got, err := parseFlags(tt.args, &stderr)
		if err != nil || !reflect.DeepEqual(got, tt.want) || stderr.Len() > 0 {
			t.Errorf("parseFlags(%q) = %+v, %v, stderr %q; want %+v", tt.args, got, err, &stderr, tt.want)
		}
	}
}

func TestParseFlagsRefuses(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-rounds", "abc"}, `-rounds "abc": want a positive whole number`},
		{[]string{"-rounds", "0"}, `-rounds "0": want a positive whole number`},
		{[]string{"-pairs", "0"}, `-pairs "0": want a positive whole number`},
		{[]string{"-layouts", "-1"}, `-layouts "-1": want a positive whole number`},
		{[]string{"-slice", "0s"}, `-slice "0s": want a duration from 50µs to 1s`},
		{[]string{"-slice", "fast"}, `-slice "fast": time: invalid duration`},
		{[]string{"-seed", "-1"}, `-seed "-1": not a number`},
		{[]string{"-nope"}, "flag provided but not defined: -nope"},
		{[]string{"-quick", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		_, err := parseFlags(tt.args, &stderr)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("parseFlags(%q) error = %v, want one line starting %q", tt.args, err, tt.want)
		}
		if stderr.Len() > 0 {
			t.Errorf("parseFlags(%q) printed %q", tt.args, &stderr)
		}
	}
	var stderr bytes.Buffer
	if _, err := parseFlags([]string{"-h"}, &stderr); !errors.Is(err, flag.ErrHelp) || !strings.Contains(stderr.String(), "-rounds n") {
		t.Errorf("parseFlags(-h) = %v, printed %q; want flag.ErrHelp and the usage", err, &stderr)
	}
}

// TestCommandLineErrors runs the runner as a process: bad input is one
// line on stderr and the exit status says whose fault it is.
func TestCommandLineErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"-rounds", "abc"}, 2, `bench: -rounds "abc": want a positive whole number` + "\n"},
		{[]string{"-codecs", "easyjson", "-ops", "decode-map"}, 1, "bench: no cells to run: easyjson does not implement decode-map\n"},
		{[]string{"-codecs", "nope"}, 1, `bench: unknown codec "nope"; valid: `},
	}
	for _, tt := range tests {
		cmd := exec.Command(testBinary(), append(tt.args, "-results", t.TempDir())...)
		cmd.Env = append(os.Environ(), roleEnv+"=runner", dirEnv+"="+t.TempDir())
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tt.code || !strings.HasPrefix(stderr.String(), tt.stderr) || strings.Count(stderr.String(), "\n") != 1 || stdout.Len() > 0 {
			t.Errorf("bench %q: exit %d, stderr %q, stdout %q; want exit %d, one line starting %q", tt.args, code, &stderr, &stdout, tt.code, tt.stderr)
		}
	}
}
