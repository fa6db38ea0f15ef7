package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

const (
	defaultValgrind = "valgrind" // looked for on PATH
	attempts        = 4          // runs of one count under valgrind before a crash is an error
)

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

// runEnv is the environment of every run of the benchmark binary, native or
// counted: one thread runs Go code, nothing is collected or sampled, no
// signal preempts a loop, and the runtime reads the clock without RDTSCP,
// which valgrind 3.19 does not decode on every CPU (on AMD family 26 the
// binary dies with SIGILL in runtime.cputicks). x/sys/cpu, which does not
// know that option, warns about it on stderr.
var runEnv = []string{"GOMAXPROCS=1", "GOGC=off", "GOMEMLIMIT=off", "GODEBUG=asyncpreemptoff=1,memprofilerate=0,cpu.rdtscp=off"}

// refusal is the error of the cells the benchmark binary would not time
// (runner.CellError), which are never run again.
func refusal(cells ...string) error {
	return fmt.Errorf("refused by the benchmark binary (the correctness gate or the codec), so nothing was counted: %s", strings.Join(cells, "; "))
}

type counter struct { // runs the benchmark binary under cachegrind
	valgrind, bin string
	dir           string    // where cachegrind writes its output files
	stderr        io.Writer // where a run that is run again is told
}

// serve runs the binary under cachegrind while ask talks to it, and returns
// the instructions the whole process executed.
func (c *counter) serve(ctx context.Context, ask func(*runner.Server) error) (int64, error) {
	f, err := os.CreateTemp(c.dir, "cachegrind-*.out")
	if err != nil {
		return 0, err
	}
	f.Close()
	defer os.Remove(f.Name())
	s, err := runner.Binary{
		Path: c.bin,
		Under: []string{c.valgrind, "--tool=cachegrind", "--cache-sim=no",
			"--smc-check=all-non-file", // sonic writes its JIT code to anonymous memory
			"--cachegrind-out-file=" + f.Name()},
		Env:    runEnv,
		Stderr: io.Discard, // valgrind's own lines; a crash's first line is in the error
	}.Start(ctx)
	if err != nil {
		return 0, err
	}
	err = ask(s)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	summary, err := os.ReadFile(f.Name())
	if err != nil {
		return 0, fmt.Errorf("no cachegrind output: %w", err)
	}
	return parseSummary(string(summary))
}

// info returns the lines the binary says of itself under valgrind.
func (c *counter) info(ctx context.Context) (info []string, err error) {
	_, err = c.serve(ctx, func(s *runner.Server) error {
		info, err = s.Info()
		return err
	})
	return info, err
}

// count returns the instructions one process of the binary executes to
// prepare cell (its gate and warm-up) and run a slice of n iterations of it.
// A run that fails is run again, up to attempts times in all; a refused cell
// never.
func (c *counter) count(ctx context.Context, cell rawfmt.Cell, n int) (int64, error) {
	var err error
	for attempt := 1; attempt <= attempts; attempt++ {
		var instr int64
		instr, err = c.serve(ctx, func(s *runner.Server) error {
			if err := s.Prepare(cell); err != nil {
				return err
			}
			_, err := s.Slice(cell, n, false)
			return err
		})
		var refused *runner.CellError
		switch {
		case err == nil:
			return instr, nil
		case errors.As(err, &refused):
			return 0, refusal(refused.Error())
		case ctx.Err() != nil:
			return 0, ctx.Err()
		case attempt < attempts:
			fmt.Fprintf(c.stderr, "\n%s at %dx: %v; running it again\n", cell, n, err)
		}
	}
	return 0, fmt.Errorf("%s at %dx: %d runs under valgrind failed, the last: %w", cell, n, attempts, err)
}

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
