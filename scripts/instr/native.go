package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// The native pass times each cell nativeCount times for nativeBenchtime
// and keeps the fastest: enough for an estimate, in seconds, and the least
// disturbed by other work on the machine.
const (
	nativeBenchtime = "10ms"
	nativeCount     = 3
)

// A timing is what the native pass measured of one cell.
type timing struct {
	ns, bytes float64 // the fastest ns/op, and B/op
}

// A nativeRun is the outcome of the native pass.
type nativeRun struct {
	cpu     string // the binary's cpu line, which names the machine
	timings map[rawfmt.Cell]timing
}

// runNative runs the benchmark binary once over sel, natively, in the
// environment of the counted runs. Every job's cell must pass the gate and
// report a result.
func runNative(ctx context.Context, bin string, sel rawfmt.Selection, jobs []job, stderr io.Writer) (nativeRun, error) {
	b := runner.Binary{Path: bin, Args: sel.Args(rawfmt.BinaryFlagPrefix), Env: runEnv, Stderr: stderr}
	out, runErr := b.Command(ctx, runner.AllCells, nativeBenchtime, nativeCount).Output()
	if err := ctx.Err(); err != nil {
		return nativeRun{}, err
	}
	if failed := failures(string(out)); len(failed) > 0 {
		return nativeRun{}, gateFailed(failed, stderr)
	}
	if runErr != nil {
		return nativeRun{}, fmt.Errorf("the native pass of the benchmark binary %s: %w", bin, runErr)
	}
	n := nativeRun{timings: map[rawfmt.Cell]timing{}}
	for r := benchfmt.NewReader(bytes.NewReader(out), bin); r.Scan(); {
		res, ok := r.Result().(*benchfmt.Result)
		c, named := rawfmt.Cell{}, false
		if ok {
			c, named = rawfmt.ParseCell(res.Name)
		}
		if !named {
			continue
		}
		n.cpu = cmp.Or(n.cpu, res.GetConfig(rawfmt.KeyCPU))
		sec, _ := res.Value(unitSec)
		t := timing{ns: sec * 1e9}
		t.bytes, _ = res.Value(rawfmt.UnitB)
		if old, ok := n.timings[c]; ok {
			t.ns = min(t.ns, old.ns)
		}
		n.timings[c] = t
	}
	for _, j := range jobs {
		if t, ok := n.timings[j.cell]; !ok || t.ns <= 0 {
			return nativeRun{}, fmt.Errorf("the native pass of the benchmark binary reported no ns/op for %s", j.cell)
		}
	}
	return n, nil
}

// gateFailed prints each failed cell with its log and returns the one-line
// error that names them.
func gateFailed(failed []gateError, stderr io.Writer) error {
	cells := slices.DeleteFunc(slices.Clone(failed), func(f gateError) bool {
		return f.cell == rawfmt.Cell{} // the parent benchmark fails with its cells
	})
	var names []string
	for _, f := range cells {
		fmt.Fprintf(stderr, "%s: %s\n", f.cell, f.log)
		names = append(names, f.cell.String())
	}
	switch len(cells) {
	case 0:
		return fmt.Errorf("the benchmark binary failed: %s", failed[0].log)
	case 1:
		return &cells[0]
	}
	return fmt.Errorf("%d cells failed in the benchmark binary (the correctness gate), so none was counted: %s",
		len(cells), strings.Join(names, ", "))
}
