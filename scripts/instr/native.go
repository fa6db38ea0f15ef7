package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
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

// runNative runs the benchmark binary once over sel, natively, in the
// environment of the counted runs. Every job's cell must pass the gate and
// report a result.
func runNative(ctx context.Context, bin string, sel rawfmt.Selection, jobs []job, stderr io.Writer) (map[rawfmt.Cell]timing, error) {
	b := runner.Binary{Path: bin, Args: sel.Args(rawfmt.BinaryFlagPrefix), Env: runEnv, Stderr: stderr}
	var out bytes.Buffer
	rep, err := b.Round(ctx, runner.Round{Bench: runner.AllCells, Benchtime: nativeBenchtime, Count: nativeCount}, &out, nil)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		return nil, fmt.Errorf("the native pass of the benchmark binary %s: %w", bin, err)
	case len(rep.Failed) == 1:
		return nil, &gateError{rep.Failed[0], rep.Logs[0]}
	case len(rep.Failed) > 1:
		names := make([]string, len(rep.Failed))
		for i, c := range rep.Failed {
			names[i] = c.String()
		}
		return nil, fmt.Errorf("%d cells failed in the benchmark binary (the correctness gate), so none was counted: %s",
			len(names), strings.Join(names, ", "))
	}
	timings := map[rawfmt.Cell]timing{}
	for r := benchfmt.NewReader(&out, bin); r.Scan(); {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		c, _ := rawfmt.ParseCell(res.Name)
		sec, _ := res.Value(unitSec)
		t := timing{ns: sec * 1e9}
		t.bytes, _ = res.Value(rawfmt.UnitB)
		if old, ok := timings[c]; ok {
			t.ns = min(t.ns, old.ns)
		}
		timings[c] = t
	}
	for _, j := range jobs {
		if t, ok := timings[j.cell]; !ok || t.ns <= 0 {
			return nil, fmt.Errorf("the native pass of the benchmark binary reported no ns/op for %s", j.cell)
		}
	}
	return timings, nil
}
