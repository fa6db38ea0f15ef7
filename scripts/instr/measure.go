package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

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
	n1    int
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

// chooseN1 returns an N1 whose slice executes target instructions, rounded up
// to two digits, at least 1, capped when the N2 slice would allocate more than
// heapLimit.
func chooseN1(perOp, bytes float64, target int) (n1 int, capped bool) {
	n := math.Ceil(float64(target) / math.Max(perOp, 1))
	if bytes > 0 {
		if limit := math.Floor(heapLimit / bytes / ratio); n >= limit {
			return max(int(limit), 1), true
		}
	}
	return max(roundUp2(int(n)), 1), false
}

// roundUp2 rounds n up to two significant digits.
func roundUp2(n int) int {
	unit := 1
	for n/unit >= 100 {
		unit *= 10
	}
	return (n + unit - 1) / unit * unit
}

// measure counts cell in pairs of processes at N1 and N2 until two pairs
// agree; a first pair short of half the target is counted again with N1 from
// its figure.
func measure(ctx context.Context, c *counter, r *rates, cell rawfmt.Cell, t timing, target int) (figure, error) {
	n1, capped := chooseN1(r.estimate(cell, t), t.bytes, target)
	var perOp []float64
	for round := 1; len(perOp) < maxPairs && !settled(perOp); {
		i1, err := c.count(ctx, cell, n1)
		if err != nil {
			return figure{}, err
		}
		i2, err := c.count(ctx, cell, ratio*n1)
		if err != nil {
			return figure{}, err
		}
		more := i2 - i1
		p := float64(more) / float64((ratio-1)*n1)
		switch {
		case len(perOp) > 0 || p > 0 && (capped || p*float64(n1) >= float64(target)/2):
			perOp = append(perOp, p)
		case round == rounds:
			return figure{}, fmt.Errorf("%s: %d more iterations took %d more instructions, still short of the target after %d rounds",
				cell, (ratio-1)*n1, more, rounds)
		default:
			if p <= 0 {
				p = float64(target) / float64(n1) / 100 // noise hid the loop: a hundred times the iterations
			}
			round++
			n1, capped = chooseN1(p, t.bytes, target)
		}
	}
	f := figure{cell: cell, n1: n1, pairs: perOp, perOp: median(perOp)}
	r.learn(cell, t, f.perOp)
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

type timing struct{ ns, bytes float64 } // a cell's native ns/op, and B/op

// nativeSlice is about how long the native pass times a cell in each slice.
const nativeSlice = 5 * time.Millisecond

// runNative starts b and has it prepare every cell, which gates it, and time
// it. Every cell it refuses is named in the error.
func runNative(ctx context.Context, b runner.Binary, cells []rawfmt.Cell) (map[rawfmt.Cell]timing, error) {
	s, err := b.Start(ctx)
	if err != nil {
		return nil, fmt.Errorf("the native pass: %w", err)
	}
	defer s.Close()
	timings := map[rawfmt.Cell]timing{}
	var refused []string
	for _, c := range cells {
		var ce *runner.CellError
		t, err := timeCell(s, c)
		if errors.As(err, &ce) {
			refused = append(refused, ce.Error())
		} else if err != nil {
			return nil, fmt.Errorf("the native pass: %w", err)
		}
		timings[c] = t
	}
	if len(refused) > 0 {
		return nil, refusal(refused...)
	}
	if err := s.Close(); err != nil {
		return nil, fmt.Errorf("the native pass: %w", err)
	}
	return timings, nil
}

// timeCell returns c's fastest ns/op of three slices, the first of the
// growing ones to last half of nativeSlice and two more of its length, and
// its B/op.
func timeCell(s *runner.Server, c rawfmt.Cell) (timing, error) {
	t := timing{ns: math.Inf(1)}
	for n, timed := 1, 0; timed < 3; {
		res, err := s.Slice(c, n, false)
		if err != nil {
			return timing{}, err
		}
		ns := float64(res.Ns) / float64(n)
		if timed > 0 || time.Duration(res.Ns) >= nativeSlice/2 {
			timed++
			t = timing{ns: min(t.ns, ns), bytes: float64(res.Bytes) / float64(n)}
		} else {
			n = int(min(100*float64(n), math.Ceil(float64(nativeSlice)/ns)))
		}
	}
	return t, nil
}
