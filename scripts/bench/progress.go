package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jsoncost/jsoncost"
)

// progress prints round r/R, cell i/N, elapsed time and an estimate of the
// time left, at most once a second.
type progress struct {
	w             io.Writer
	tty           bool
	rounds, cells int
	count         int // cells done over all rounds
	start, last   time.Time
}

func newProgress(w io.Writer, rounds, cells int) *progress {
	p := &progress{w: w, rounds: rounds, cells: cells, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil {
			p.tty = fi.Mode()&os.ModeCharDevice != 0
		}
	}
	return p
}

func (p *progress) cell() {
	p.count++
	every := time.Second
	if !p.tty {
		every = 15 * time.Second // a log gets a line now and then, not a stream of \r
	}
	if time.Since(p.last) < every && p.count%p.cells != 0 {
		return
	}
	p.last = time.Now()
	total := p.rounds * p.cells
	elapsed := time.Since(p.start)
	eta := time.Duration(float64(elapsed) / float64(p.count) * float64(total-p.count))
	i := (p.count-1)%p.cells + 1
	start, end := "\r", "   "
	if !p.tty {
		start, end = "", "\n"
	}
	fmt.Fprintf(p.w, "%sround %d/%d  cell %d/%d  elapsed %s  eta %s%s", start, (p.count-1)/p.cells+1, p.rounds, i, p.cells,
		elapsed.Round(time.Second), eta.Round(time.Second), end)
}

func (p *progress) done() {
	fmt.Fprintf(p.w, "\n%d rounds of %d cells in %s\n", p.rounds, p.cells, time.Since(p.start).Round(time.Second))
}

// summarizeSkips prints how many combinations were left out, by reason.
func summarizeSkips(w io.Writer, skipped []jsoncost.Skip) {
	if len(skipped) == 0 {
		return
	}
	count := map[string]int{}
	for _, s := range skipped {
		count[s.Reason]++
	}
	fmt.Fprintf(w, "skipping %d unsupported combinations:\n", len(skipped))
	for _, r := range slices.Sorted(maps.Keys(count)) {
		fmt.Fprintf(w, "  %4d  %s\n", count[r], r)
	}
}

// noCells says why a selection has nothing to run: the reasons its
// combinations were skipped, each once.
func noCells(skipped []jsoncost.Skip) error {
	var reasons []string
	for _, s := range skipped {
		if !slices.Contains(reasons, s.Reason) {
			reasons = append(reasons, s.Reason)
		}
	}
	if len(reasons) == 0 {
		return errors.New("no cells to run")
	}
	return fmt.Errorf("no cells to run: %s", strings.Join(reasons, "; "))
}
