package render

import (
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// An IndexMachine is one machine of the results index.
type IndexMachine struct {
	ID   string
	Page *load.Run  // the run the machine page is built from; nil when no run is usable
	Runs []IndexRun // every raw file the report reads, newest first
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
