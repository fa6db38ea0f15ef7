package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

// A binary is the benchmark binary, run over one selection, in the order
// of one seed.
type binary struct {
	path      string
	sel       rawfmt.Selection
	seed      uint64
	benchtime string
	stderr    io.Writer // its stderr and the failures it reports
}

// with returns b running part's cells for part's benchtime.
func (b binary) with(p part) binary {
	b.sel, b.benchtime = p.sel, p.benchtime
	return b
}

// command runs the binary's benchmarks that match bench, once each.
func (b binary) command(ctx context.Context, bench, benchtime string, extra ...string) *exec.Cmd {
	args := slices.Concat([]string{
		"-test.run", "^$",
		"-test.bench", bench,
		"-test.benchmem",
		"-test.count", "1",
		"-test.benchtime", benchtime,
		"-test.timeout", "0",
	}, b.sel.Args(rawfmt.BinaryFlagPrefix), extra)
	cmd := exec.CommandContext(ctx, b.path, args...)
	cmd.SysProcAttr = childAttr()
	cmd.Stderr = b.stderr
	return cmd
}

// probe runs the noop cell once and returns the configuration lines the
// binary and go test print ahead of results (goos, goarch, pkg, cpu,
// sonic-engine, race), and the cpu line's value.
func (b binary) probe(ctx context.Context) (header []benchfmt.Config, cpu string, err error) {
	out, err := b.command(ctx, noopBench(), "1x").Output()
	if err != nil {
		b.stderr.Write(out) // what it says about why
		return nil, "", fmt.Errorf("probing the benchmark binary %s: %w", b.path, err)
	}
	r := benchfmt.NewReader(bytes.NewReader(out), b.path)
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			return res.Config, res.GetConfig(rawfmt.KeyCPU), nil
		}
	}
	return nil, "", fmt.Errorf("probing the benchmark binary %s: it reported no result", b.path)
}

// noopBench is the -test.bench pattern that selects only the noop cell.
func noopBench() string {
	parts := strings.Split(rawfmt.NoopCell.Name(), "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// round runs every selected cell once in the order of the seed and pass
// (the binary's run number within the run), copying result lines to out
// and counting the cells of want in p. It returns the cells that failed;
// it is an error when the binary fails otherwise or does not report every
// cell of want. A binary that dies inside a cell (a panic, a stack
// overflow, a signal) is an error that names the cell and the runtime's
// first line about it.
func (b binary) round(ctx context.Context, pass int, want map[rawfmt.Cell]bool, out io.Writer, p *runinfo.Progress) (failed []rawfmt.Cell, err error) {
	cmd := b.command(ctx, "^"+rawfmt.Benchmark+"$", b.benchtime,
		"-test.v", // names each cell before it starts, so a crash can be told whose
		"-"+rawfmt.BinarySeedFlag, strconv.FormatUint(b.seed, 10),
		"-"+rawfmt.BinaryRoundFlag, strconv.Itoa(pass))
	crash := &crashWatch{w: b.stderr}
	cmd.Stderr = crash
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the benchmark binary: %w", err)
	}
	var (
		lines = bufio.NewScanner(stdout)
		line  = benchfmt.NewReader(nil, b.path)
		seen  int
		werr  error
		// running is the cell go test named last, until it reports its
		// result or failure.
		running rawfmt.Cell
	)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		text := lines.Text()
		if res := rawfmt.ParseLine(line, text); res != nil {
			if werr == nil {
				_, werr = fmt.Fprintln(out, text)
			}
			if c, ok := rawfmt.ParseCell(res.Name); ok && want[c] {
				seen++
				p.Cell()
			}
			running = rawfmt.Cell{}
			continue
		}
		if c, ok := rawfmt.ParseCell(benchfmt.Name(text)); ok && !strings.ContainsAny(text, " \t") {
			running = c // -test.v's line ahead of the cell's run
			continue
		}
		name, fail := strings.CutPrefix(strings.TrimSpace(text), failPrefix)
		if c, ok := rawfmt.ParseCell(benchfmt.Name(name)); fail && ok {
			failed = append(failed, c)
			running = rawfmt.Cell{}
		}
		if fail || strings.HasPrefix(text, " ") {
			fmt.Fprintln(b.stderr, text) // a failure and its log
		}
	}
	io.Copy(io.Discard, stdout) // the rest of a line too long to scan, so that the binary can end
	err = cmd.Wait()
	switch {
	case ctx.Err() != nil:
		return failed, nil
	case err != nil && running != rawfmt.Cell{}:
		return nil, crashError(running, crash.first, err)
	case len(failed) > 0:
		return failed, nil
	case werr != nil:
		return nil, fmt.Errorf("writing the raw file: %w", werr)
	case err != nil && crash.first != "":
		return nil, fmt.Errorf("benchmark binary: %w: %s", err, crash.first)
	case err != nil:
		return nil, fmt.Errorf("benchmark binary: %w", err)
	case lines.Err() != nil:
		return nil, fmt.Errorf("reading the benchmark binary's output: %w", lines.Err())
	case seen != len(want):
		return nil, fmt.Errorf("the benchmark binary reported %d of the %d cells", seen, len(want))
	}
	return nil, nil
}

// failPrefix starts go test's line for a benchmark that failed.
const failPrefix = "--- FAIL: "
