package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

// A binary is the compiled test binary of the document's module.
type binary struct {
	path   string
	stderr io.Writer // its stderr and the failures it reports
}

// A failure is a cell the correctness gate refused.
type failure struct {
	cell rawfmt.Cell
	err  string
}

// gate runs the correctness gate over every cell and returns the cells
// that failed it and the number that passed. When the binary stops
// instead, such as on a document the fields check refuses, the error is
// the last line it wrote to stderr.
func (b binary) gate(ctx context.Context) (failures []failure, passed int, err error) {
	cmd := exec.CommandContext(ctx, b.path, "-doc.gate")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		if last := lines[len(lines)-1]; last != "" {
			return nil, 0, fmt.Errorf("running the correctness gate: %s", last)
		}
		return nil, 0, fmt.Errorf("running the correctness gate: %w", err)
	}
	b.stderr.Write(stderr.Bytes())
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var r jsoncost.GateResult
		if err := dec.Decode(&r); err != nil {
			return nil, 0, fmt.Errorf("reading the correctness gate's results: %w", err)
		}
		c, ok := rawfmt.ParseCell(benchfmt.Name(rawfmt.Benchmark + "/" + r.Cell))
		switch {
		case !ok:
			return nil, 0, fmt.Errorf("the correctness gate reported a cell without a name: %q", r.Cell)
		case r.Error != "":
			failures = append(failures, failure{c, r.Error})
		default:
			passed++
		}
	}
	return failures, passed, nil
}

// reportGate says how the gate went.
func reportGate(w io.Writer, failures []failure, passed int) {
	fmt.Fprintf(w, "correctness gate: %d cells passed, %d failed (not timed)\n", passed, len(failures))
	for _, f := range failures {
		fmt.Fprintf(w, "  %s: %s\n", f.cell, f.err)
	}
}

// rawOutput is what the rounds printed: the configuration lines of go test
// and the harness (goos, goarch, pkg, cpu, sonic-engine, race), the cpu
// line's value and every result line.
type rawOutput struct {
	header  []string
	cpu     string
	seed    uint64
	results []string
}

// configLine matches a benchfmt configuration line: a key that starts in
// lower case and has no space or upper-case letter, a colon, a value.
var configLine = regexp.MustCompile(`^\p{Ll}[^\s\p{Lu}:]*:(\s|$)`)

// rounds times every cell that passed the gate, o.rounds times, each round
// one run of the binary over all of them in an order drawn from a random
// seed and the round.
func (b binary) rounds(ctx context.Context, o options, failures []failure, cells int) (*rawOutput, error) {
	var skip []string
	for _, f := range failures {
		skip = append(skip, f.cell.Sub())
	}
	out := &rawOutput{seed: rand.Uint64() | 1}
	p := runinfo.NewProgress(b.stderr, o.rounds, cells)
	for r := 1; r <= o.rounds; r++ {
		cmd := exec.CommandContext(ctx, b.path,
			"-test.run", "^$",
			"-test.bench", "^"+rawfmt.Benchmark+"$",
			"-test.benchmem",
			"-test.count", "1",
			"-test.benchtime", o.benchtime,
			"-test.timeout", "0",
			"-doc.seed", strconv.FormatUint(out.seed, 10),
			"-doc.round", strconv.Itoa(r),
			"-doc.skip", strings.Join(skip, ","))
		if err := b.round(cmd, r, cells, out, p); err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("%w in round %d; nothing written", errInterrupted, r)
			}
			return nil, fmt.Errorf("round %d: %w; nothing written", r, err)
		}
	}
	p.Done()
	return out, nil
}

// round runs one round and adds its results to out.
func (b binary) round(cmd *exec.Cmd, r, cells int, out *rawOutput, p *runinfo.Progress) error {
	cmd.Stderr = b.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the benchmark: %w", err)
	}
	var (
		lines  = bufio.NewScanner(stdout)
		reader = benchfmt.NewReader(nil, b.path)
		seen   int
		failed []string
	)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		text := lines.Text()
		if len(out.results) == 0 && configLine.MatchString(text) {
			out.header = append(out.header, text)
			if v, ok := strings.CutPrefix(text, rawfmt.KeyCPU+":"); ok {
				out.cpu = strings.TrimSpace(v)
			}
			continue
		}
		if res := rawfmt.ParseLine(reader, text); res != nil {
			out.results = append(out.results, text)
			seen++
			p.Cell()
			continue
		}
		if name, ok := strings.CutPrefix(strings.TrimSpace(text), "--- FAIL: "); ok {
			failed = append(failed, name)
		}
		if len(failed) > 0 {
			fmt.Fprintln(b.stderr, text) // a failure and its log
		}
	}
	err = cmd.Wait()
	switch {
	case len(failed) > 0:
		return fmt.Errorf("cells failed: %s", strings.Join(failed, ", "))
	case err != nil:
		return fmt.Errorf("the benchmark: %w", err)
	case lines.Err() != nil:
		return fmt.Errorf("reading the benchmark's output: %w", lines.Err())
	case seen != cells:
		return fmt.Errorf("the benchmark reported %d of the %d cells", seen, cells)
	}
	return nil
}
