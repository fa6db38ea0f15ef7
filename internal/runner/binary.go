package runner

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A Binary is a compiled benchmark binary (go test -c) and what its runs share.
type Binary struct {
	Path   string
	Under  []string  // a program and its flags that run the binary, such as valgrind; nil runs it directly
	Args   []string  // flags of every run, such as a selection
	Env    []string  // added to the environment of every run
	Stderr io.Writer // its stderr and the failures it reports
}

// command runs the benchmarks matching bench, count times each for benchtime,
// with no timeout and extra flags after b.Args.
func (b Binary) command(ctx context.Context, bench, benchtime string, count int, extra ...string) *exec.Cmd {
	argv := slices.Concat(b.Under, []string{b.Path, "-test.run", "^$", "-test.bench", bench, "-test.benchmem",
		"-test.count", strconv.Itoa(count), "-test.benchtime", benchtime, "-test.timeout", "0"}, b.Args, extra)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.SysProcAttr = ChildAttr()
	if b.Env != nil {
		cmd.Env = append(os.Environ(), b.Env...)
	}
	return cmd
}

// Pattern is the -test.bench pattern that selects exactly cell c.
func Pattern(c rawfmt.Cell) string {
	parts := strings.Split(c.Name(), "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// AllCells is the -test.bench pattern of every cell of the binary.
const AllCells = "^" + rawfmt.Benchmark + "$"

// A Round is one run of the binary, each selected cell once.
type Round struct {
	Bench     string               // the -test.bench pattern
	Benchtime string               // -test.benchtime
	Count     int                  // -test.count; 0 runs each cell once
	Args      []string             // flags of this run, such as its order seed and round
	Want      map[rawfmt.Cell]bool // the cells it must report
	Bin       *Binary              // the binary this run times; nil runs the Timer's
	Config    []string             // configuration lines a Timer writes ahead of its results
}

// A Report is what a round printed besides its results.
type Report struct {
	Config []string      // the configuration lines ahead of the first result
	Failed []rawfmt.Cell // the cells that failed
	Logs   []string      // the first line of each failed cell's log
}

var configLine = regexp.MustCompile(`^\p{Ll}[^\s\p{Lu}:]*:(\s|$)`)

// Round is the time meter: it runs r, copying result lines to out and counting
// the cells of r.Want in p (nil counts none). Failed cells are in the report; a
// binary that fails otherwise, dies in a cell (named, with the runtime's first
// line) or misses a cell of r.Want is an error. Stopped by ctx, it returns nil.
func (b Binary) Round(ctx context.Context, r Round, out io.Writer, p *Progress) (rep Report, err error) {
	cmd := b.command(ctx, r.Bench, r.Benchtime, max(r.Count, 1),
		append([]string{"-test.v"}, r.Args...)...) // -test.v names each cell before it starts, so a crash can be told whose
	crash := &crashWatch{w: b.Stderr}
	cmd.Stderr = crash
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return rep, err
	}
	if err := cmd.Start(); err != nil {
		return rep, fmt.Errorf("starting the benchmark binary: %w", err)
	}
	var (
		lines = bufio.NewScanner(stdout)
		line  = benchfmt.NewReader(nil, b.Path)
		seen  int
		werr  error
		// the cell go test named last, until its result or failure
		running rawfmt.Cell
	)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		text := lines.Text()
		if seen == 0 && configLine.MatchString(text) {
			rep.Config = append(rep.Config, text)
			continue
		}
		if res := rawfmt.ParseLine(line, text); res != nil {
			if werr == nil {
				_, werr = fmt.Fprintln(out, text)
			}
			if c, ok := rawfmt.ParseCell(res.Name); ok && r.Want[c] {
				seen++
				p.Cell(c.Sub())
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
			rep.Failed, rep.Logs = append(rep.Failed, c), append(rep.Logs, "")
			running = rawfmt.Cell{}
		} else if n := len(rep.Logs); n > 0 && rep.Logs[n-1] == "" && strings.HasPrefix(text, " ") {
			rep.Logs[n-1] = strings.TrimSpace(text)
		}
		if fail || strings.HasPrefix(text, " ") {
			fmt.Fprintln(b.Stderr, text) // a failure and its log
		}
	}
	io.Copy(io.Discard, stdout) // the rest of a line too long to scan, so that the binary can end
	err = cmd.Wait()
	switch {
	case ctx.Err() != nil:
		return rep, nil
	case err != nil && running != rawfmt.Cell{}:
		return rep, crashError(running, crash.first, err)
	case len(rep.Failed) > 0:
		return rep, nil
	case werr != nil:
		return rep, fmt.Errorf("writing the raw file: %w", werr)
	case err != nil && crash.first != "":
		return rep, fmt.Errorf("benchmark binary: %w: %s", err, crash.first)
	case err != nil:
		return rep, fmt.Errorf("benchmark binary: %w", err)
	case lines.Err() != nil:
		return rep, fmt.Errorf("reading the benchmark binary's output: %w", lines.Err())
	case seen != len(r.Want)*max(r.Count, 1):
		return rep, fmt.Errorf("the benchmark binary reported %d of the %d cells", seen, len(r.Want))
	}
	return rep, nil
}

// Probe is configuration lines as benchfmt reads them, for runinfo.Header.Probe.
func Probe(config []string) []benchfmt.Config {
	br := benchfmt.NewReader(strings.NewReader(strings.Join(append(config, rawfmt.Benchmark+" 1 1 ns/op"), "\n")), "")
	for br.Scan() {
		if res, ok := br.Result().(*benchfmt.Result); ok {
			return res.Clone().Config
		}
	}
	return nil
}

// A Timer is the time meter: round r runs the binary once for each Round of
// Runs(r), and fails when a cell fails. Config keeps the first run's
// configuration lines.
type Timer struct {
	Bin    Binary
	Runs   func(round int) []Round
	Config []string
	// ConfigOf, when not nil, keeps each binary's first run's configuration lines, by path.
	ConfigOf map[string][]string
}

func (t *Timer) Round(ctx context.Context, round int, out io.Writer, p *Progress) error {
	for _, r := range t.Runs(round) {
		bin := cmp.Or(r.Bin, &t.Bin)
		for _, line := range r.Config {
			if _, err := fmt.Fprintln(out, line); err != nil {
				return fmt.Errorf("writing the raw file: %w", err)
			}
		}
		rep, err := bin.Round(ctx, r, out, p)
		if err == nil && len(rep.Failed) > 0 {
			err = fmt.Errorf("%d cells failed (not timed), see above: %s", len(rep.Failed), rep.FailedNames())
		}
		if err != nil || ctx.Err() != nil {
			return err
		}
		if t.Config == nil {
			t.Config = rep.Config
		}
		if _, ok := t.ConfigOf[bin.Path]; !ok && t.ConfigOf != nil {
			t.ConfigOf[bin.Path] = rep.Config
		}
	}
	return nil
}

// FailedNames lists the failed cells, comma-separated.
func (r Report) FailedNames() string {
	names := make([]string, len(r.Failed))
	for i, c := range r.Failed {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

const failPrefix = "--- FAIL: " // go test's line for a benchmark that failed

type crashWatch struct { // passes stderr to w, keeping the runtime's first crash line
	w       io.Writer
	partial []byte // the start of a line not yet ended, up to maxCrashLine
	first   string // the first crash line, or ""
}

const maxCrashLine = 1 << 10 // how much of a line a crashWatch keeps

func (c *crashWatch) Write(p []byte) (int, error) {
	for rest := p; c.first == "" && len(rest) > 0; {
		line, after, ended := bytes.Cut(rest, []byte("\n"))
		c.partial = append(c.partial, line[:min(len(line), maxCrashLine-len(c.partial))]...)
		if !ended {
			break
		}
		if bytes.HasPrefix(c.partial, []byte(panicPrefix)) || bytes.HasPrefix(c.partial, []byte(fatalPrefix)) {
			c.first = string(c.partial)
		}
		c.partial, rest = c.partial[:0], after
	}
	return c.w.Write(p)
}

const ( // the runtime's first words about a crash
	panicPrefix = "panic: "
	fatalPrefix = "fatal error: "
)

func crashError(cell rawfmt.Cell, line string, err error) error { // the binary ended with err while cell ran
	if why, ok := strings.CutPrefix(line, panicPrefix); ok {
		return fmt.Errorf("%s panicked: %s", cell, why)
	}
	if line != "" {
		return fmt.Errorf("%s crashed: %s", cell, line)
	}
	return fmt.Errorf("%s: benchmark binary: %w", cell, err)
}
