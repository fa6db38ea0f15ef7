package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// The test binary plays three more roles, chosen by roleEnv: the runner
// itself (to be killed or orphaned), the process that starts it (to be
// killed), and a fake benchmark binary that prints what go test would,
// fails a cell or waits on a gate when told. The runner role's children
// are fakes; the parent role's child is a runner.
const (
	roleEnv = "JSONCOST_BENCH_TEST_ROLE"
	fakeEnv = "JSONCOST_BENCH_TEST_FAKE" // the fake's mode: ok, fail, short or gate
	dirEnv  = "JSONCOST_BENCH_TEST_DIR"  // where the fake logs its calls and finds its gate
	// binEnv names a prebuilt benchmark binary for the tests that need the
	// real one; without it they share one build.
	binEnv = "JSONCOST_BENCH_BIN"
)

func TestMain(m *testing.M) {
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
