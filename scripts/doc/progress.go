package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress prints round r/R, cell i/N, elapsed time and an estimate of the
// time left: at most once a second on a terminal, every 15 seconds to a
// log.
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
		every = 15 * time.Second
	}
	if time.Since(p.last) < every && p.count%p.cells != 0 {
		return
	}
	p.last = time.Now()
	elapsed := time.Since(p.start)
	eta := time.Duration(float64(elapsed) / float64(p.count) * float64(p.rounds*p.cells-p.count))
	start, end := "\r", "   "
	if !p.tty {
		start, end = "", "\n"
	}
	fmt.Fprintf(p.w, "%sround %d/%d  cell %d/%d  elapsed %s  eta %s%s", start, (p.count-1)/p.cells+1, p.rounds,
		(p.count-1)%p.cells+1, p.cells, elapsed.Round(time.Second), eta.Round(time.Second), end)
}

func (p *progress) done() {
	if p.tty {
		fmt.Fprintln(p.w)
	}
	fmt.Fprintf(p.w, "%d rounds of %d cells in %s\n", p.rounds, p.cells, time.Since(p.start).Round(time.Second))
}
