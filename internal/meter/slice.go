package meter

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// This file times the slices of a round and writes their lines: how many
// pairs of a cell, how many iterations a slice, and the lines themselves.

// pairs is how many pairs of pr a round times: as many as the options
// allow, fewer when its slices take longer than Slice, as they do where one
// iteration takes longer (the median ns/op of its slices so far), but never
// fewer than 2.
func (m *Meter) pairs(pr Pair) int {
	slow := max(median(m.perOp[cellOf{pr.Cell, pr.Build}]), median(m.perOp[cellOf{pr.Partner, pr.PartnerBuild}]), float64(m.O.Slice))
	budget := 4 * time.Duration(m.O.Pairs) * m.O.Slice // the time one cell's pairs may take per round
	return max(min(2, m.O.Pairs), min(m.O.Pairs, int(float64(budget)/(2*slow))))
}

// slice times one slice of c, of the iterations calibrate chose for every
// slice of the cell in the run: on the heap the last slice left if more,
// after a collection otherwise.
func (m *Meter) slice(servers []*runner.Server, c cellOf, more bool) (wire.SliceResult, error) {
	s := servers[c.build]
	if m.iters[c] == 0 {
		if err := m.calibrate(s, c); err != nil {
			return wire.SliceResult{}, err
		}
		more = false
	}
	start := time.Now()
	res, err := s.Slice(c.cell, m.iters[c], more)
	if err != nil {
		return res, err
	}
	m.Spent.Slices += time.Since(start)
	m.Spent.Loops += time.Duration(res.Ns)
	m.Spent.GC += time.Duration(res.GCNs)
	if res.GCs > 0 && !m.warned {
		m.warned = true
		fmt.Fprintf(m.Warn, "%s: a collection ran inside a slice: it allocates more than the memory limit allows between slices\n", c.cell)
	}
	if hist := m.perOp[c]; len(hist) < 64 {
		m.perOp[c] = append(hist, float64(res.Ns)/float64(res.Iters))
	}
	return res, nil
}

// calibrate times untimed slices of c, each of more iterations, until one
// after the first (whose call may be a cold one) takes a quarter of Slice,
// times one more like it, and fixes the iterations of c's slices: as many as take Slice, but no
// more than allocate allocCap. With GC off a slice's allocation piles up,
// and past a megabyte or two each new byte costs several times what it does
// on a heap the runtime recycles: a slice that allocated more would time
// the pile, not the codec.
func (m *Meter) calibrate(s *runner.Server, c cellOf) error {
	for n, first := 1, true; ; first = false {
		res, err := s.Slice(c.cell, n, false)
		if err != nil {
			return err
		}
		if !first && time.Duration(res.Ns) >= m.O.Slice/4 || n > 1<<30 {
			// The faster of two such slices: one slowed by the host would
			// shorten every slice of the cell.
			again, err := s.Slice(c.cell, n, false)
			if err != nil {
				return err
			}
			perOp, bytes := float64(min(res.Ns, again.Ns))/float64(n), float64(res.Bytes)/float64(n)
			m.perOp[c] = []float64{perOp}
			iters := max(1, int(math.Round(float64(m.O.Slice)/perOp)))
			if bytes > 0 {
				iters = min(iters, max(1, int(float64(allocCap)/bytes)))
			}
			m.iters[c] = iters
			return nil
		}
		n = min(n*100, max(n+1, int(float64(n)*float64(m.O.Slice)/2/float64(res.Ns))))
	}
}

// line writes the result line of one pair; the first of a cell in a round also gives its document's size.
func (m *Meter) line(w *strings.Builder, pr Pair, own, partner wire.SliceResult, sized map[cellOf]bool) {
	n := float64(own.Iters)
	fmt.Fprintf(w, "%s\t%d\t%s %s\t%s %s\t%s %s\t%s %s", pr.Cell.Name(), own.Iters,
		num(float64(own.CPUNs)/n), rawfmt.UnitNs, num(float64(own.Bytes)/n), rawfmt.UnitB, num(float64(own.Allocs)/n), rawfmt.UnitAllocs,
		num(float64(partner.CPUNs)/float64(partner.Iters)), pr.Unit)
	if c := (cellOf{pr.Cell, pr.Build}); !sized[c] {
		sized[c] = true
		if size, ok := m.Sizes[pr.Cell]; ok {
			fmt.Fprintf(w, "\t%s %s\t%s %s", num(size.Fields), rawfmt.UnitFields, num(size.DocBytes), rawfmt.UnitDocB)
		}
	}
	w.WriteString("\n")
}

// heap times the collections of a live heap of GCHeap bytes in the binary of the first build.
func (m *Meter) heap(servers []*runner.Server, lines []strings.Builder) error {
	cycles, err := servers[0].Heap(GCHeap, gcCycles)
	if err != nil {
		return fmt.Errorf("timing collections of a %s heap: %w", gcHeapName, err)
	}
	for _, c := range cycles {
		fmt.Fprintf(&lines[0], "%s\t1\t%d %s\t%d %s\n", rawfmt.GCName(gcHeapName), c.CPUNs, rawfmt.UnitCycleNs, c.Live, rawfmt.UnitLive)
	}
	return nil
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

func median[T int64 | uint64 | float64](s []T) T {
	if len(s) == 0 {
		return 0
	}
	s = slices.Sorted(slices.Values(s))
	return s[len(s)/2]
}
