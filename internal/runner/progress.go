package runner

import (
	"fmt"
	"io"
	"time"
)

// Progress prints round r/R (when there are rounds), cell i/N, the time spent,
// the time left and the cell last done: a line at the first cell, every 15
// seconds and at the end of each round, alike on a terminal and in a log.
// The time left is reckoned from the cells after the first, whose time holds
// the run's setup (the correctness gate).
type Progress struct {
	w                  io.Writer
	rounds, cells      int
	count              int // cells done over all rounds
	start, first, last time.Time
}

// NewProgress starts the clock of a run of rounds × cells.
func NewProgress(w io.Writer, rounds, cells int) *Progress {
	return &Progress{w: w, rounds: rounds, cells: cells, start: time.Now()}
}

// Cell counts one cell done, named name ("" for none); a nil Progress counts nothing.
func (p *Progress) Cell(name string) {
	if p == nil {
		return
	}
	if p.count++; time.Since(p.last) < 15*time.Second && p.count%p.cells != 0 {
		return
	}
	p.last = time.Now()
	elapsed := time.Since(p.start)
	eta := "…"
	if p.count == 1 {
		p.first = p.last
	} else {
		eta = time.Duration(float64(time.Since(p.first)) / float64(p.count-1) * float64(p.rounds*p.cells-p.count)).Round(time.Second).String()
	}
	round := ""
	if p.rounds > 1 {
		round = fmt.Sprintf("round %d/%d  ", (p.count-1)/p.cells+1, p.rounds)
	}
	if name != "" {
		name = "  (" + name + ")"
	}
	fmt.Fprintf(p.w, "%scell %d/%d  elapsed %s  eta %s%s\n", round, (p.count-1)%p.cells+1, p.cells,
		elapsed.Round(time.Second), eta, name)
}

// Done says how long the run took.
func (p *Progress) Done() {
	rounds := ""
	if p.rounds > 1 {
		rounds = fmt.Sprintf("%d rounds of ", p.rounds)
	}
	fmt.Fprintf(p.w, "%s%d cells in %s\n", rounds, p.cells, time.Since(p.start).Round(time.Second))
}
