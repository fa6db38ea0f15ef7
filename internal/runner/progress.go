package runner

import (
	"fmt"
	"io"
	"os"
	"time"
)

// Progress prints round r/R (when there are rounds), cell i/N, the time spent,
// the time left and the cell last done: on a terminal at most once a second,
// rewriting one line; to a log every 15 seconds and at the end of each round.
type Progress struct {
	w             io.Writer
	tty           bool
	rounds, cells int
	count         int // cells done over all rounds
	start, last   time.Time
}

// NewProgress starts the clock of a run of rounds × cells.
func NewProgress(w io.Writer, rounds, cells int) *Progress {
	p := &Progress{w: w, rounds: rounds, cells: cells, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil {
			p.tty = fi.Mode()&os.ModeCharDevice != 0
		}
	}
	return p
}

// Cell counts one cell done, named name ("" for none); a nil Progress counts nothing.
func (p *Progress) Cell(name string) {
	if p == nil {
		return
	}
	p.count++
	every, start, end := time.Second, "\r", "\033[K"
	if !p.tty {
		every, start, end = 15*time.Second, "", "\n"
	}
	if time.Since(p.last) < every && p.count%p.cells != 0 {
		return
	}
	p.last = time.Now()
	elapsed := time.Since(p.start)
	eta := time.Duration(float64(elapsed) / float64(p.count) * float64(p.rounds*p.cells-p.count))
	round := ""
	if p.rounds > 1 {
		round = fmt.Sprintf("round %d/%d  ", (p.count-1)/p.cells+1, p.rounds)
	}
	if name != "" {
		name = "  (" + name + ")"
	}
	fmt.Fprintf(p.w, "%s%scell %d/%d  elapsed %s  eta %s%s%s", start, round, (p.count-1)%p.cells+1, p.cells,
		elapsed.Round(time.Second), eta.Round(time.Second), name, end)
}

// Done says how long the run took.
func (p *Progress) Done() {
	if p.tty {
		fmt.Fprintln(p.w)
	}
	rounds := ""
	if p.rounds > 1 {
		rounds = fmt.Sprintf("%d rounds of ", p.rounds)
	}
	fmt.Fprintf(p.w, "%s%d cells in %s\n", rounds, p.cells, time.Since(p.start).Round(time.Second))
}
