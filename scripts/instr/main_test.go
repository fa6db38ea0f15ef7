package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// The test binary also plays valgrind and the benchmark binary, when
// fakeEnv names a mode; it tells the two apart by its arguments. Both log
// their calls to the file calls in dirEnv.
//
// A call's log line is "<under valgrind> <cell> <iterations> <codecs
// selected>". The fake counts are exact: a cell costs fakePerOp instructions per
// operation and the program fakeStartup more, so a correct runner reports
// fakePerOp exactly. The native pass reports fakePerOp/fakeRate ns/op.
//
// Modes: ok; crash-once and short-once (the first run of each count
// crashes, with a register dump, or prints a short benchmark line);
// outlier (in some cells the first N1 run costs 3% more per operation, in
// the others the second N2 run);
// crash (every run under valgrind crashes); gate (the cell named by
// failEnv fails the gate); gate-valgrind (it fails only under valgrind);
// slow-native (the native pass reports a thousand times the time, so the
// first N1 is far too small); native-missing (the native pass leaves out
// the cell named by failEnv).
const (
	fakeEnv     = "JSONCOST_INSTR_TEST_FAKE"
	dirEnv      = "JSONCOST_INSTR_TEST_DIR"
	failEnv     = "JSONCOST_INSTR_TEST_FAIL"
	fakeStartup = 5_000_000
	fakeRate    = 12.0
	fakeVersion = "valgrind-0.0-fake"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fake(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

func testBinary(t *testing.T) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// fakePerOp is the fake cost of one operation of c.
func fakePerOp(c rawfmt.Cell) int64 { return 1000 + 7*int64(len(c.Sub())) }

// useFake makes the test binary valgrind and the benchmark binary of o in
// mode, and returns the directory where the fakes log their calls.
func useFake(t *testing.T, mode string, o *options) (dir string) {
	dir = t.TempDir()
	t.Setenv(fakeEnv, mode)
	t.Setenv(dirEnv, dir)
	o.valgrind, o.bin = testBinary(t), testBinary(t)
	return dir
}

// calls returns the fakes' log: a line per cell run.
func calls(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "calls"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

func fake(mode string, args []string) int {
	dir := os.Getenv(dirEnv)
	if len(args) == 1 && args[0] == "--version" {
		fmt.Println(fakeVersion)
		return 0
	}
	var outFile string
	for len(args) > 0 && strings.HasPrefix(args[0], "--") {
		if v, ok := strings.CutPrefix(args[0], "--cachegrind-out-file="); ok {
			outFile = v
		}
		args = args[1:]
	}
	underValgrind := outFile != ""
	if underValgrind {
		args = args[1:] // the benchmark binary
	}
	fs := flag.NewFlagSet("fake", flag.ContinueOnError)
	var sel rawfmt.Selection
	sel.RegisterFlags(fs, rawfmt.BinaryFlagPrefix)
	bench := fs.String("test.bench", "", "")
	benchtime := fs.String("test.benchtime", "", "")
	fs.String("test.run", "", "")
	count := fs.Int("test.count", 1, "")
	fs.String("test.timeout", "", "")
	fs.Bool("test.benchmem", false, "")
	fs.Bool("test.v", false, "")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cells, _, err := jsoncost.Matrix(sel)
	if err != nil {
		fmt.Println("--- FAIL: BenchmarkCodec\n    bench_test.go:48:", err)
		return 1
	}
	names := []rawfmt.Cell{rawfmt.NoopCell}
	for _, c := range cells {
		names = append(names, c.Name())
	}
	n, timed := strings.CutSuffix(*benchtime, "x")
	iters, _ := strconv.ParseInt(n, 10, 64)
	if !timed {
		iters = 1000
	}

	logf, err := os.OpenFile(filepath.Join(dir, "calls"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return 2
	}
	defer logf.Close()
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	cpu := "Fake CPU"
	if underValgrind {
		cpu = "Valgrind CPU"
	}
	fmt.Fprintf(out, "sonic-engine: jit\nrace: false\ngoos: linux\ngoarch: amd64\npkg: github.com/jsoncost/jsoncost\ncpu: %s\n", cpu)
	var instr int64 = fakeStartup
	for _, c := range names {
		if !matchBench(*bench, c.Name()) {
			continue
		}
		before := runsBefore(dir, c, iters)
		fmt.Fprintf(logf, "%t %s %d %s\n", underValgrind, c, iters, sel.Codecs)
		logf.Sync()
		first := underValgrind && before == 0
		switch {
		case c.String() == os.Getenv(failEnv) && (mode == "gate" || mode == "gate-valgrind" && underValgrind):
			fmt.Fprintf(out, "--- FAIL: %s\n    bench_test.go:111: gate: wrong bytes\n", c.Name())
			fmt.Fprintln(out, "--- FAIL: BenchmarkCodec\nFAIL")
			return 1
		case mode == "crash" && underValgrind, mode == "crash-once" && first:
			out.Flush()
			fmt.Fprintln(os.Stderr, "SIGSEGV: segmentation violation\nrax    0x0\nrbx    0xc000012345")
			return 2
		case mode == "short-once" && first:
			fmt.Fprintf(out, "%s \t %d \t 1.0 ns/o\n", c.Name(), iters)
			return 0
		case mode == "native-missing" && !underValgrind && c.String() == os.Getenv(failEnv):
			continue
		}
		perOp := fakePerOp(c)
		ns := float64(perOp) / fakeRate
		if mode == "slow-native" && !underValgrind {
			ns *= 1000
		}
		for k := range *count {
			slowFirst := 1.0 // the native pass's first round is disturbed
			if k == 0 && *count > 1 {
				slowFirst = 10
			}
			fmt.Fprintf(out, "%s \t %d \t %.2f ns/op \t 100 B/op\n", c.Name(), iters, ns*slowFirst)
		}
		instr += perOp * iters
		if iters > 1 {
			instr += perOp // go test's first run of one iteration
		}
		// A process whose operations cost 3% more: the first N1 run of
		// some cells, the second N2 run of the others.
		n2 := iters%ratio == 0 && runsBefore(dir, c, iters/ratio) > 0
		firstN1 := !n2 && countedBefore(dir, c) == 1 // its own call is logged
		if odd := len(c.Sub())%2 == 1; mode == "outlier" && underValgrind && (odd && firstN1 || !odd && n2 && before == 1) {
			instr += 3 * perOp * iters / 100
		}
	}
	fmt.Fprintln(out, "PASS")
	if underValgrind {
		summary := fmt.Sprintf("desc: fake\ncmd: fake\nevents: Ir\nsummary: %d\n", instr)
		if err := os.WriteFile(outFile, []byte(summary), 0o600); err != nil {
			return 2
		}
	}
	return 0
}

// matchBench reports whether go test's -test.bench pattern selects name:
// each of its levels matches the name's part at that level.
func matchBench(pattern, name string) bool {
	parts := strings.Split(name, "/")
	for i, level := range strings.Split(pattern, "/") {
		if i < len(parts) && !regexp.MustCompile(level).MatchString(parts[i]) {
			return false
		}
	}
	return true
}

// countedBefore is how many runs under valgrind have counted c at more than
// one iteration.
func countedBefore(dir string, c rawfmt.Cell) int {
	data, _ := os.ReadFile(filepath.Join(dir, "calls"))
	return strings.Count(string(data), fmt.Sprintf("true %s ", c)) - strings.Count(string(data), fmt.Sprintf("true %s 1 ", c))
}

// runsBefore returns how often cell ran n times under valgrind before.
func runsBefore(dir string, c rawfmt.Cell, n int64) int {
	data, _ := os.ReadFile(filepath.Join(dir, "calls"))
	return strings.Count(string(data), fmt.Sprintf("true %s %d ", c, n))
}

// tinyOptions selects seven cells: noop, and goccy and json-v2 with their
// floor on two fixtures.
func tinyOptions(t *testing.T) options {
	return options{
		sel:      rawfmt.Selection{Codecs: "goccy,json-v2", Ops: "decode-map", Fixtures: "fields-0001,fields-0002"},
		parallel: 2,
		target:   1_000_000,
		results:  t.TempDir(),
	}
}

// rawFiles returns the files under results/*/raw, hidden ones included.
func rawFiles(t *testing.T, results string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(results, "*", "raw", "*"))
	hidden, _ := filepath.Glob(filepath.Join(results, "*", "raw", ".*"))
	return append(files, hidden...)
}
