package render

import (
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// An IndexMachine is one machine of the results index.
type IndexMachine struct {
	ID     string
	Page   *load.Run  // the full run the machine page is built from; nil without one
	Newest *load.Run  // the newest run, whose cpu and go the index shows without a full run
	Runs   []IndexRun // every raw file the report reads, newest first
}

// An IndexRun is one raw file of the index.
type IndexRun struct {
	Raw  load.Raw
	Page string // its page, relative to the results directory; "" when it has none
	Err  error  // why it has none
}

// Index writes results/README.md, templates/index.tmpl: every machine, its
// runs and pages, and the other reports under results/.
func Index(ms []IndexMachine, others []string) ([]byte, error) {
	return wrapped("index", struct {
		Machines []IndexMachine
		Others   []string
	}{ms, others})
}

// RunsOnly is the machine page of a machine without a full run,
// templates/runsonly.tmpl: one line that says so, then a link to the page of
// each run and the notes on its other files. It is the page's only file.
func RunsOnly(machine string, runs []Link, notes []string) (map[string][]byte, error) {
	readme, err := wrapped("runsonly", struct {
		Machine string
		Runs    []Link
		Notes   []string
	}{machine, runs, notes})
	return map[string][]byte{"README.md": readme}, err
}
