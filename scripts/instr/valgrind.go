package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

const defaultValgrind = "valgrind" // looked for on PATH

// valgrindVersion is what valgrind --version prints, such as valgrind-3.19.0,
// a line of the raw file's header. The command needs valgrind 3 with
// cachegrind; a missing one is an error that says how to install it.
func valgrindVersion(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, name, "--version").Output()
	v := strings.TrimSpace(string(out))
	switch {
	case errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("%s not found: install valgrind 3 with cachegrind (apt-get install -y valgrind)", name)
	case err != nil || v == "" || strings.ContainsAny(v, "\n"):
		return "", fmt.Errorf("%s --version: unexpected answer %q (%v)", name, v, err)
	}
	return v, nil
}

// runEnv is the environment of every run of the benchmark binary: one thread
// runs Go code, nothing is collected or sampled, no signal preempts a loop.
var runEnv = []string{"GOMAXPROCS=1", "GOGC=off", "GOMEMLIMIT=off", "GODEBUG=asyncpreemptoff=1,memprofilerate=0"}

// errGate is a cell that failed the correctness gate, never run again.
var errGate = errors.New("failed in the benchmark binary (the correctness gate), so it is not counted")

func gateError(rep runner.Report) error {
	return fmt.Errorf("%s %w: %s", rep.Failed[0], errGate, rep.Logs[0])
}

type counter struct { // runs the benchmark binary under cachegrind
	valgrind, bin string
	dir           string // where cachegrind writes its output files
	stderr        io.Writer
}

// count returns the instructions the whole binary executes running j's cell n
// times, and the configuration lines it printed. A crashed run is run again,
// up to attempts times in all.
func (c *counter) count(ctx context.Context, j job, n int64) (instr int64, header []benchfmt.Config, err error) {
	for attempt := 1; attempt <= attempts; attempt++ {
		instr, header, err = c.countOnce(ctx, j, n)
		switch {
		case err == nil:
			return instr, header, nil
		case errors.Is(err, errGate) || errors.Is(err, errOtherCells) || ctx.Err() != nil:
			return 0, nil, err
		case attempt < attempts:
			fmt.Fprintf(c.stderr, "\n%s at %dx: %v; running it again\n", j.cell, n, err)
		}
	}
	return 0, nil, fmt.Errorf("%s at %dx: %d runs under valgrind failed, the last: %w", j.cell, n, attempts, err)
}

func (c *counter) countOnce(ctx context.Context, j job, n int64) (int64, []benchfmt.Config, error) {
	f, err := os.CreateTemp(c.dir, "cachegrind-*.out")
	if err != nil {
		return 0, nil, err
	}
	f.Close()
	defer os.Remove(f.Name())
	b := runner.Binary{
		Path: c.bin,
		Under: []string{c.valgrind, "--tool=cachegrind", "--cache-sim=no",
			"--smc-check=all-non-file", // sonic writes its JIT code to anonymous memory
			"--cachegrind-out-file=" + f.Name()},
		Args:   j.sel.Args(rawfmt.BinaryFlagPrefix),
		Env:    runEnv,
		Stderr: io.Discard, // valgrind's own lines; a crash's first line is in the error
	}
	var out bytes.Buffer
	rep, runErr := b.Round(ctx, runner.Round{Bench: runner.Pattern(j.cell), Benchtime: strconv.FormatInt(n, 10) + "x",
		Want: map[rawfmt.Cell]bool{j.cell: true}}, &out, nil)
	if ctx.Err() != nil {
		return 0, nil, ctx.Err()
	}
	if len(rep.Failed) > 0 {
		return 0, nil, gateError(rep)
	}
	iters, err := iterations(out.Bytes(), j.cell)
	switch {
	case errors.Is(err, errOtherCells):
		return 0, nil, err
	case runErr != nil:
		return 0, nil, fmt.Errorf("under valgrind: %w", runErr)
	case err != nil:
		return 0, nil, err
	case iters != n:
		return 0, nil, fmt.Errorf("the benchmark line reports %d iterations", iters)
	}
	summary, err := os.ReadFile(f.Name())
	if err != nil {
		return 0, nil, fmt.Errorf("no cachegrind output: %w", err)
	}
	instr, err := parseSummary(string(summary))
	return instr, runner.Probe(rep.Config), err
}

// errOtherCells is a run that reported cells besides its own, which its count holds.
var errOtherCells = errors.New("the benchmark binary ran other cells too")

// iterations is the iteration count of cell's result in go test's result
// lines. A line without ns/op is no result; another cell's is an error
// wrapping errOtherCells.
func iterations(out []byte, cell rawfmt.Cell) (iters int64, err error) {
	iters = -1
	for r := benchfmt.NewReader(bytes.NewReader(out), ""); r.Scan(); {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			c, named := rawfmt.ParseCell(res.Name)
			if _, full := res.Value(unitSec); named && c != cell {
				return 0, fmt.Errorf("%w: %s", errOtherCells, res.Name)
			} else if named && full {
				iters = int64(res.Iters)
			}
		}
	}
	if iters < 0 {
		return 0, errors.New("no benchmark line for the cell")
	}
	return iters, nil
}

const unitSec = "sec/op" // ns/op as benchfmt reads it

// parseSummary reads the total instruction count of a cachegrind output file.
func parseSummary(out string) (int64, error) {
	for line := range strings.Lines(out) {
		v, ok := strings.CutPrefix(line, "summary:")
		if fields := strings.Fields(v); ok && len(fields) > 0 {
			n, err := strconv.ParseInt(fields[0], 10, 64)
			if err != nil || n <= 0 {
				return 0, fmt.Errorf("cachegrind summary %q: not an instruction count", strings.TrimSpace(v))
			}
			return n, nil
		}
	}
	return 0, errors.New("the cachegrind output has no summary line")
}
