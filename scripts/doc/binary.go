package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// A binary is the compiled test binary of the document's module.
type binary struct{ runner.Binary }

// A failure is a cell the correctness gate refused.
type failure struct {
	cell rawfmt.Cell
	err  string
}

// gate runs the correctness gate over every cell and returns the cells
// that failed it and those that passed. When the binary stops
// instead, such as on a document the fields check refuses, the error is
// the last line it wrote to stderr.
func (b binary) gate(ctx context.Context) (failures []failure, passed map[rawfmt.Cell]bool, err error) {
	cmd := exec.CommandContext(ctx, b.Path, "-doc.gate")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		if last := lines[len(lines)-1]; last != "" {
			return nil, nil, fmt.Errorf("running the correctness gate: %s", last)
		}
		return nil, nil, fmt.Errorf("running the correctness gate: %w", err)
	}
	b.Stderr.Write(stderr.Bytes())
	passed = map[rawfmt.Cell]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var r jsoncost.GateResult
		if err := dec.Decode(&r); err != nil {
			return nil, nil, fmt.Errorf("reading the correctness gate's results: %w", err)
		}
		c, ok := rawfmt.ParseCell(benchfmt.Name(rawfmt.Benchmark + "/" + r.Cell))
		switch {
		case !ok:
			return nil, nil, fmt.Errorf("the correctness gate reported a cell without a name: %q", r.Cell)
		case r.Error != "":
			failures = append(failures, failure{c, r.Error})
		default:
			passed[c] = true
		}
	}
	return failures, passed, nil
}

// reportGate says how the gate went.
func reportGate(w io.Writer, failures []failure, passed map[rawfmt.Cell]bool) {
	fmt.Fprintf(w, "correctness gate: %d cells passed, %d failed (not timed)\n", len(passed), len(failures))
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
	results bytes.Buffer
}

// rounds times every cell that passed the gate, o.rounds times, each round
// one run of the binary over all of them in an order drawn from a random
// seed and the round.
func (b binary) rounds(ctx context.Context, o options, failures []failure, passed map[rawfmt.Cell]bool) (*rawOutput, error) {
	var skip []string
	for _, f := range failures {
		skip = append(skip, f.cell.Sub())
	}
	t := &timer{bin: b.Binary, benchtime: o.benchtime, skip: strings.Join(skip, ","), want: passed,
		out: &rawOutput{seed: rand.Uint64() | 1}}
	if err := runner.Rounds(ctx, t, o.rounds, len(passed), &t.out.results, b.Stderr); err != nil {
		return nil, err
	}
	return t.out, nil
}

// A timer is the time meter of bench-doc: a round is one run of the binary
// over every cell that passed the gate.
type timer struct {
	bin       runner.Binary
	benchtime string
	skip      string // the cells that failed the gate
	want      map[rawfmt.Cell]bool
	out       *rawOutput
}

func (t *timer) Round(ctx context.Context, round int, out io.Writer, p *runner.Progress) error {
	rep, err := t.bin.Round(ctx, runner.Round{
		Bench:     runner.AllCells,
		Benchtime: t.benchtime,
		Want:      t.want,
		Args: []string{
			"-doc.seed", strconv.FormatUint(t.out.seed, 10),
			"-doc.round", strconv.Itoa(round),
			"-doc.skip", t.skip,
		},
	}, out, p)
	switch {
	case err != nil:
		return err
	case len(rep.Failed) > 0:
		var names []string
		for _, c := range rep.Failed {
			names = append(names, c.String())
		}
		return fmt.Errorf("cells failed: %s", strings.Join(names, ", "))
	}
	if round == 1 {
		t.out.header = rep.Config
		for _, line := range rep.Config {
			if v, ok := strings.CutPrefix(line, rawfmt.KeyCPU+":"); ok {
				t.out.cpu = strings.TrimSpace(v)
			}
		}
	}
	return nil
}
