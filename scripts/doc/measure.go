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
	"github.com/jsoncost/jsoncost/internal/doc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// gate runs the correctness gate of the binary over every cell and
// returns the cells that failed it and those that passed, saying how it
// went on stderr. When the binary stops instead, such as on a document
// the fields check refuses, the error is the last line it wrote to stderr.
func gate(ctx context.Context, bin string, stderr io.Writer) (failures []page.Failure, passed map[rawfmt.Cell]bool, err error) {
	cmd := exec.CommandContext(ctx, bin, "-doc.gate")
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
		if last := lines[len(lines)-1]; last != "" {
			return nil, nil, fmt.Errorf("running the correctness gate: %s", last)
		}
		return nil, nil, fmt.Errorf("running the correctness gate: %w", err)
	}
	stderr.Write(errOut.Bytes())
	passed = map[rawfmt.Cell]bool{}
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var r jsoncost.GateResult
		if err := dec.Decode(&r); err != nil {
			return nil, nil, fmt.Errorf("reading the correctness gate's results: %w", err)
		}
		c, ok := rawfmt.ParseCell(benchfmt.Name(rawfmt.Benchmark + "/" + r.Cell))
		switch {
		case !ok:
			return nil, nil, fmt.Errorf("the correctness gate reported a cell without a name: %q", r.Cell)
		case r.Error != "":
			failures = append(failures, page.Failure{Cell: c, Err: r.Error})
		default:
			passed[c] = true
		}
	}
	fmt.Fprintf(stderr, "correctness gate: %d cells passed, %d failed (not timed)\n", len(passed), len(failures))
	for _, f := range failures {
		fmt.Fprintf(stderr, "  %s: %s\n", f.Cell, f.Err)
	}
	return failures, passed, nil
}

// rounds is what the rounds printed: the configuration lines of go test
// and the harness (goos, goarch, pkg, cpu, sonic-engine, race), the order
// seed and every result line.
type rounds struct {
	header  []string
	seed    uint64
	results bytes.Buffer
}

// measure times every cell that passed the gate, o.rounds times, each
// round one run of the binary over all of them in an order drawn from a
// random seed and the round.
func measure(ctx context.Context, o options, b runner.Binary, failures []page.Failure, passed map[rawfmt.Cell]bool) (*rounds, error) {
	var skip []string
	for _, f := range failures {
		skip = append(skip, f.Cell.Sub())
	}
	r := &rounds{seed: rand.Uint64() | 1}
	timer := runner.MeterFunc(func(ctx context.Context, round int, out io.Writer, p *runner.Progress) error {
		rep, err := b.Round(ctx, runner.Round{
			Bench:     runner.AllCells,
			Benchtime: o.benchtime,
			Want:      passed,
			Args: []string{"-doc.seed", strconv.FormatUint(r.seed, 10), "-doc.round", strconv.Itoa(round),
				"-doc.skip", strings.Join(skip, ",")},
		}, out, p)
		if err == nil && len(rep.Failed) > 0 {
			var names []string
			for _, c := range rep.Failed {
				names = append(names, c.String())
			}
			err = fmt.Errorf("cells failed: %s", strings.Join(names, ", "))
		}
		if round == 1 {
			r.header = rep.Config
		}
		return err
	})
	if err := runner.Rounds(ctx, timer, o.rounds, len(passed), &r.results, b.Stderr); err != nil {
		return nil, err
	}
	return r, nil
}
