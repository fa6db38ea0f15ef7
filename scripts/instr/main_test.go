package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// The test binary also plays valgrind and the benchmark binary serving the
// runner, when fakeEnv names a mode: run with valgrind's flags first, it
// plays both in one process. Both log each prepare and slice to the file
// calls in dirEnv, a line "<under valgrind> <request>".
//
// The fake counts are exact: a slice costs fakePerOp instructions an
// iteration, and the process fakeStartup more, whatever it prepares, so a
// correct runner reports fakePerOp exactly. A native slice takes
// fakePerOp/fakeRate ns an iteration. Under valgrind the fake holds the
// runner to one cell a process (info alone, or prepare C then slice C N, then
// quit) and, as valgrind 3.19 on this CPU, dies with SIGILL unless GODEBUG
// has cpu.rdtscp=off.
//
// Modes: ok; crash-once and short-once (the first run of each count crashes
// in its slice, or dies halfway through its answer); outlier (in some cells
// the first N1 run costs 3% more per operation, in the others the first N2
// run); crash (every slice under valgrind crashes); gate (the cells listed in
// failEnv are refused); gate-valgrind (they are refused only under
// valgrind); slow-native (native slices take a thousand times as long, so the
// first N1 is far too small); noisy-native (every other native slice takes ten
// times as long); missing (the binary has no cell listed in failEnv).
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

// calls returns the fakes' log: a line per prepare or slice.
func calls(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "calls"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

func fake(mode string, args []string) int {
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
	switch {
	case !slices.Equal(args, []string{"-" + wire.ServeFlag, "-test.timeout", "0"}):
		fmt.Fprintf(os.Stderr, "fake: arguments %q\n", args)
		return 2
	case underValgrind && !slices.Contains(strings.Split(os.Getenv("GODEBUG"), ","), "cpu.rdtscp=off"):
		fmt.Fprintln(os.Stderr, "==1== Process terminating with default action of signal 4 (SIGILL)")
		return 132
	}
	logf, err := os.OpenFile(filepath.Join(os.Getenv(dirEnv), "calls"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return 2
	}
	defer logf.Close()
	f := &fakeServer{mode: mode, valgrind: underValgrind, log: logf, instr: fakeStartup,
		failing: strings.Split(os.Getenv(failEnv), ",")}
	out := bufio.NewWriter(os.Stdout)
	for in := bufio.NewScanner(os.Stdin); in.Scan() && in.Text() != wire.Quit; out.Flush() {
		f.requests = append(f.requests, in.Text())
		if code, err := f.answer(out, strings.Fields(in.Text())); err != nil {
			fmt.Fprintln(out, wire.Fail(err))
		} else if code != 0 {
			out.Flush()
			return code
		}
	}
	if !underValgrind {
		return 0
	}
	summary := fmt.Sprintf("desc: fake\ncmd: fake\nevents: Ir\nsummary: %d\n", f.instr)
	if err := os.WriteFile(outFile, []byte(summary), 0o600); err != nil {
		return 2
	}
	return 0
}

type fakeServer struct {
	mode     string
	valgrind bool
	log      *os.File
	instr    int64    // instructions so far
	failing  []string // the cells of failEnv
	requests []string // so far, this one included
	slices   int      // native slices so far
}

// answer writes the answer to one request, returns why it cannot be done, or
// an exit code ending the process.
func (f *fakeServer) answer(out *bufio.Writer, req []string) (int, error) {
	if f.valgrind {
		ok := len(f.requests) == 1 && (req[0] == wire.Info || req[0] == wire.Prepare) ||
			len(f.requests) == 2 && req[0] == wire.Slice && f.requests[0] == wire.Request(wire.Prepare, req[1])
		if !ok {
			fmt.Fprintf(os.Stderr, "fake: under valgrind, requests %q\n", f.requests)
			return 3, nil
		}
	}
	switch req[0] {
	case wire.Info:
		engine := "jit"
		if f.valgrind {
			engine = "valgrind-jit"
		}
		fmt.Fprintf(out, "%s: go1.27.3\n%s: \n%s: %s\n%s: false\n", rawfmt.KeyGo, rawfmt.KeyGOEXPERIMENT, rawfmt.KeySonicEngine, engine, rawfmt.KeyRace)
		fmt.Fprintln(out, rawfmt.CodecConfig{Name: "goccy", ModuleVersion: "github.com/goccy/go-json@v0.12.0", Category: "std", Engine: "native"}.Format())
		fmt.Fprintln(out, wire.End)
		return 0, nil
	case wire.Prepare, wire.Slice:
	default:
		return 0, fmt.Errorf("unknown request %q", strings.Join(req, " "))
	}
	fmt.Fprintln(f.log, f.valgrind, strings.Join(req, " "))
	f.log.Sync()
	c, ok := rawfmt.ParseSub(req[1])
	failing := slices.Contains(f.failing, req[1])
	switch {
	case !ok, f.mode == "missing" && failing:
		return 0, fmt.Errorf("no cell %s in this binary", req[1])
	case failing && (f.mode == "gate" || f.mode == "gate-valgrind" && f.valgrind):
		return 0, errors.New("sample 1: wrong bytes")
	case req[0] == wire.Prepare:
		fmt.Fprintln(out, wire.OK)
		return 0, nil
	}
	n, _ := strconv.Atoi(req[2])
	perOp := fakePerOp(c)
	if f.valgrind {
		before := runsBefore(c, n) // its own call logged
		switch counted := runsBefore(c, -1); {
		case f.mode == "crash", f.mode == "crash-once" && before == 1:
			fmt.Fprintln(os.Stderr, "fatal error: unexpected signal during runtime execution\n[signal SIGSEGV: segmentation violation]")
			return 2, nil
		case f.mode == "short-once" && before == 1:
			fmt.Fprintf(out, "%d 12", n)
			return 2, nil
		case f.mode == "outlier" && counted == 2-len(c.Sub())%2: // odd cells' first run, even cells' second
			f.instr += 3 * perOp * int64(n) / 100
		}
		f.instr += perOp * int64(n)
		fmt.Fprintln(out, wire.SliceResult{Iters: n, Ns: 1, CPUNs: 1})
		return 0, nil
	}
	ns := float64(perOp) / fakeRate
	if f.slices++; f.mode == "slow-native" {
		ns *= 1000
	} else if f.mode == "noisy-native" && f.slices%2 == 1 {
		ns *= 10
	}
	fmt.Fprintln(out, wire.SliceResult{Iters: n, Ns: int64(ns*float64(n)) + 1, CPUNs: int64(ns*float64(n)) + 1, Bytes: 100 * uint64(n)})
	return 0, nil
}

// runsBefore is how many slices of c at n iterations (at any count when n < 0)
// ran under valgrind so far.
func runsBefore(c rawfmt.Cell, n int) int {
	data, _ := os.ReadFile(filepath.Join(os.Getenv(dirEnv), "calls"))
	line := fmt.Sprintf("true %s %s %d\n", wire.Slice, c, n)
	if n < 0 {
		line = fmt.Sprintf("true %s %s ", wire.Slice, c)
	}
	return strings.Count(string(data), line)
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
