package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
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
// chosen by roleEnv, the runner itself (to be killed or orphaned), the
// process that starts it (to be killed), and a fake benchmark binary that
// prints what go test would, fails a cell or waits on a gate when told. The
// runner role's children are fakes; the parent role's child is a runner.
const (
	roleEnv = "JSONCOST_BENCH_TEST_ROLE"
	fakeEnv = "JSONCOST_BENCH_TEST_FAKE" // the fake's mode: ok, fail, short or gate
	dirEnv  = "JSONCOST_BENCH_TEST_DIR"  // where the fake logs its calls and finds its gate
	// binEnv names a prebuilt benchmark binary for the tests that need the
	// real one; without it they share one build.
	binEnv = "JSONCOST_BENCH_BIN"
)

func TestMain(m *testing.M) {
	if probes.IsChild() { // a probe child of TestAddACodec, with the codec it added
		if err := codectest.FromEnv(); err != nil {
			panic(err)
		}
		probes.ServeChild()
	}
	switch role := os.Getenv(roleEnv); role {
	case "runner":
		writePID(role)
		os.Setenv(roleEnv, "fake")
		main()
		os.Exit(0)
	case "parent":
		cmd := exec.Command(testBinary(), os.Args[1:]...)
		cmd.Env = append(os.Environ(), roleEnv+"=runner")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		cmd.Run()
		os.Exit(cmd.ProcessState.ExitCode())
	case "fake":
		os.Exit(fakeBinary(os.Args[1:]))
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
// needs it, before any of them runs it.
func realBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("needs the benchmark binary")
	}
	b := &realBuild
	b.once.Do(func() {
		if b.bin = os.Getenv(binEnv); b.bin != "" {
			return
		}
		start := time.Now()
		b.bin, b.dir, b.err = runner.Build(context.Background(), "", io.Discard)
		b.took = time.Since(start)
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.bin
}

// fakeRun makes the test binary the benchmark binary of run, in the given
// mode, and returns the directory where it logs its calls.
func fakeRun(t *testing.T, mode string, o *options) (dir string) {
	dir = t.TempDir()
	t.Setenv(roleEnv, "fake")
	t.Setenv(fakeEnv, mode)
	t.Setenv(dirEnv, dir)
	o.bin = testBinary()
	return dir
}

func tinyRun(results string) options {
	return options{
		sel:          rawfmt.Selection{Codecs: "encoding-json,goccy", Ops: "decode-map", Fixtures: "fields-0001,fields-0002"},
		rounds:       2,
		benchtime:    "1x",
		fieldsPasses: 2,
		results:      results,
	}
}

// resultFile is one raw file as benchfmt reads it: its path, its
// configuration and its result cells in order.
type resultFile struct {
	path   string
	config map[string]string
	cells  []rawfmt.Cell
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
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	raw := resultFile{path: files[0], config: map[string]string{}}
	r := benchfmt.NewReader(f, files[0])
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("not a result: %v", r.Result())
		}
		c, ok := rawfmt.ParseCell(res.Name)
		if !ok {
			t.Fatalf("%s: not a cell", res.Name)
		}
		raw.cells = append(raw.cells, c)
		for _, c := range res.Config {
			raw.config[c.Key] = string(c.Value)
		}
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
	quick := jsoncost.QuickSelection
	tests := []struct {
		args []string
		want options
	}{
		{nil, options{rounds: 20, benchtime: "10ms", large: "10x", fieldsPasses: 2, results: "results"}},
		{[]string{"-codecs", "goccy", "-ops", "", "-benchtime", "100x", "-order-seed", "42", "-large-benchtime", "", "-fields-passes", "3"},
			options{sel: rawfmt.Selection{Codecs: "goccy"}, rounds: 20, benchtime: "100x", fieldsPasses: 3, seed: 42, results: "results"}},
		{[]string{"-quick"}, options{sel: quick, quick: true, rounds: 3, benchtime: "10ms", large: "10x", fieldsPasses: 1, results: "results"}},
		{[]string{"-quick", "-codecs", "", "-rounds", "5", "-ops", "decode-map", "-large-benchtime", "50ms", "-fields-passes", "2"},
			options{sel: rawfmt.Selection{Ops: "decode-map", Fixtures: quick.Fixtures}, quick: true, rounds: 5, benchtime: "10ms", large: "50ms", fieldsPasses: 2, results: "results"}},
		{[]string{"-quick", "-fixtures", "fields-0001", "-benchtime", "1.5s"},
			options{sel: rawfmt.Selection{Ops: quick.Ops, Fixtures: "fields-0001"}, quick: true, rounds: 3, benchtime: "1.5s", large: "10x", fieldsPasses: 1, results: "results"}},
		{[]string{"-builds", ""}, options{rounds: 20, benchtime: "10ms", large: "10x", fieldsPasses: 2, results: "results",
			builds: []build{{name: "go1.26.8", toolchain: "go1.26.8"}, {name: "go1.27.3", toolchain: "go1.27.3"}, {name: "go1.27.3+nojsonv2", toolchain: "go1.27.3", experiment: "nojsonv2"}}}},
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
		{[]string{"-fields-passes", "0"}, `-fields-passes "0": want a positive whole number`},
		{[]string{"-benchtime", "0s"}, `-benchtime "0s": want a positive duration (40ms) or iteration count (100x)`},
		{[]string{"-benchtime", "-1s"}, `-benchtime "-1s": want a positive`},
		{[]string{"-benchtime", "0x"}, `-benchtime "0x": want a positive`},
		{[]string{"-benchtime", "1.5x"}, `-benchtime "1.5x": want a positive`},
		{[]string{"-benchtime", "fast"}, `-benchtime "fast": want a positive`},
		{[]string{"-order-seed", "-1"}, `-order-seed "-1": not a number`},
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
		{[]string{"-benchtime", "0s"}, 2, `bench: -benchtime "0s": want a positive duration (40ms) or iteration count (100x)` + "\n"},
		{[]string{"-codecs", "easyjson", "-ops", "decode-map"}, 1, "bench: no cells to run: easyjson does not implement decode-map\n"},
	}
	for _, tt := range tests {
		cmd := exec.Command(testBinary(), append(tt.args, "-bin", "/nonexistent", "-results", t.TempDir())...) // never run
		cmd.Env = append(os.Environ(), roleEnv+"=runner")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tt.code || stderr.String() != tt.stderr || stdout.Len() > 0 {
			t.Errorf("bench %q: exit %d, stderr %q, stdout %q; want exit %d, stderr %q", tt.args, code, &stderr, &stdout, tt.code, tt.stderr)
		}
	}
}
