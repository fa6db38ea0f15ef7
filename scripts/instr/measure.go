package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"sync"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

const (
	ratio     = 11      // N2/N1
	heapLimit = 2 << 30 // bytes the N2 run may allocate: with GOGC=off nothing is freed
	rounds    = 3       // counts of a cell with a better N1, at most
	firstRate = 10      // instructions per native ns before any cell of the codec is counted
	agreement = 0.001   // two pairs' figures agree within this, relative
	maxPairs  = 5
)

type figure struct { // one cell's count
	cell  rawfmt.Cell
	n1    int64
	perOp float64   // instructions per operation, the median of pairs
	pairs []float64 // the figures of its pairs of runs
}

type rates struct { // the instructions per native ns of the cells counted so far
	mu   sync.Mutex
	seen map[string][]float64 // by codec/op and by codec
}

// estimate is the instructions per operation of a cell that takes t natively,
// at the median rate of its codec and operation, else its codec, else firstRate.
func (r *rates) estimate(c rawfmt.Cell, t timing) float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, key := range []string{c.Codec + "/" + c.Op, c.Codec} {
		if seen := r.seen[key]; len(seen) > 0 {
			sorted := slices.Sorted(slices.Values(seen))
			return t.ns * sorted[len(sorted)/2]
		}
	}
	return t.ns * firstRate
}

func (r *rates) learn(c rawfmt.Cell, t timing, perOp float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seen == nil {
		r.seen = map[string][]float64{}
	}
	for _, key := range []string{c.Codec + "/" + c.Op, c.Codec} {
		r.seen[key] = append(r.seen[key], perOp/t.ns)
	}
}

// chooseN1 returns an N1 whose loop executes target instructions, rounded up
// to two digits, at least 2 (go test runs a count of 1 differently), capped
// when the N2 run would allocate more than heapLimit.
func chooseN1(perOp, bytes float64, target int64) (n1 int64, capped bool) {
	n := math.Ceil(float64(target) / math.Max(perOp, 1))
	if bytes > 0 {
		if limit := math.Floor(heapLimit / bytes / ratio); n >= limit {
			return max(int64(limit), 2), true
		}
	}
	return max(roundUp2(int64(n)), 2), false
}

// roundUp2 rounds n up to two significant digits.
func roundUp2(n int64) int64 {
	unit := int64(1)
	for n/unit >= 100 {
		unit *= 10
	}
	return (n + unit - 1) / unit * unit
}

// measure counts j's cell in pairs of processes at N1 and N2 until two pairs
// agree; a first pair short of half the target is counted again with N1 from
// its figure.
func measure(ctx context.Context, c *counter, r *rates, j job, t timing, target int64) (figure, error) {
	n1, capped := chooseN1(r.estimate(j.cell, t), t.bytes, target)
	pair := func() (perOp float64, more int64, err error) {
		i1, _, err := c.count(ctx, j, n1)
		if err != nil {
			return 0, 0, err
		}
		i2, _, err := c.count(ctx, j, ratio*n1)
		if err != nil {
			return 0, 0, err
		}
		return float64(i2-i1) / float64((ratio-1)*n1), i2 - i1, nil
	}
	var perOp []float64
	for round := 1; len(perOp) < maxPairs && !settled(perOp); {
		p, more, err := pair()
		switch {
		case err != nil:
			return figure{}, err
		case len(perOp) > 0 || p > 0 && (capped || p*float64(n1) >= float64(target)/2):
			perOp = append(perOp, p)
		case round == rounds:
			return figure{}, fmt.Errorf("%s: %d more iterations took %d more instructions, still short of the target after %d rounds",
				j.cell, (ratio-1)*n1, more, rounds)
		default:
			if p <= 0 {
				p = float64(target) / float64(n1) / 100 // noise hid the loop: a hundred times the iterations
			}
			round++
			n1, capped = chooseN1(p, t.bytes, target)
		}
	}
	f := figure{cell: j.cell, n1: n1, pairs: perOp, perOp: median(perOp)}
	r.learn(j.cell, t, f.perOp)
	return f, nil
}

func (f figure) spread() float64 { // how far apart f's pairs lie, relative to its figure
	return (slices.Max(f.pairs) - slices.Min(f.pairs)) / f.perOp
}

func settled(figures []float64) bool { // whether two of the figures agree within agreement
	sorted := slices.Sorted(slices.Values(figures))
	for i := 1; i < len(sorted); i++ {
		if sorted[i]-sorted[i-1] <= agreement*sorted[i] {
			return true
		}
	}
	return false
}

func median(figures []float64) float64 {
	return benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(figures), &benchmath.DefaultThresholds), 0.95).Center
}

type timing struct{ ns, bytes float64 } // the native pass's fastest ns/op, and B/op

// runNative times every job's cell natively, in the counted runs' environment,
// keeping each cell's fastest of three timings; each must pass the gate.
func runNative(ctx context.Context, bin string, sel rawfmt.Selection, jobs []job, stderr io.Writer) (map[rawfmt.Cell]timing, error) {
	b := runner.Binary{Path: bin, Args: sel.Args(rawfmt.BinaryFlagPrefix), Env: runEnv, Stderr: stderr}
	var out bytes.Buffer
	rep, err := b.Round(ctx, runner.Round{Bench: runner.AllCells, Benchtime: "10ms", Count: 3}, &out, nil)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		return nil, fmt.Errorf("the native pass of the benchmark binary %s: %w", bin, err)
	case len(rep.Failed) == 1:
		return nil, gateError(rep)
	case len(rep.Failed) > 1:
		return nil, fmt.Errorf("%d cells failed in the benchmark binary (the correctness gate), so none was counted: %s",
			len(rep.Failed), rep.FailedNames())
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
