package render

import (
	"cmp"
	"path"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
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
	Run  *load.Run // the run, for its go line and meter; nil when it did not load
	Page string    // its page, relative to the results directory; "" when it has none
	Err  error     // why it has none
}

// indexView is what index.tmpl words: the machines and the runs, and the other reports.
type indexView struct {
	names
	Machines, Runs Table
	Others         []Link
}

// runsOnlyView is what runsonly.tmpl words: the machine, its runs' pages and its notes.
type runsOnlyView struct {
	Machine string // escaped
	Runs    []Link
	Notes   []string
}

// Index writes results/README.md, templates/index.tmpl: every machine, its
// runs and pages, and the other reports under results/.
func Index(ms []IndexMachine, others []string) ([]byte, error) {
	v := indexView{Machines: Table{Cols: []string{"machine", "cpu", "go", "page built from"}}, Runs: Table{Cols: []string{"machine", "run (UTC)", "kind", "go", "meter", "page"}}}
	for _, m := range ms {
		run := cmp.Or(m.Page, m.Newest)
		switch {
		case run != nil:
			built := "none: no full run"
			if m.Page != nil {
				built = m.Page.Raw.File
			}
			v.Machines.add(Link{m.ID, m.ID + "/README.md"}.cell(), or(config(run, rawfmt.KeyCPU)), or(config(run, rawfmt.KeyGo)), built)
		case len(m.Runs) > 0:
			v.Machines.add(m.ID, format.None, format.None, "no usable run")
		default:
			v.Machines.add(m.ID, format.None, format.None, "no raw files")
		}
		for _, r := range m.Runs {
			page := format.None
			if r.Page != "" {
				page = Link{"page", r.Page}.cell()
			} else if r.Err != nil {
				page = "unusable: " + r.Err.Error() + " (" + Link{"raw file", path.Join(m.ID, load.RawDir, r.Raw.File)}.cell() + ")"
			}
			goLine, meter := format.None, format.None
			if r.Run != nil {
				goLine, meter = or(config(r.Run, rawfmt.KeyGo)), "older"
				if r.Run.Paired() {
					meter = "paired"
				}
			}
			v.Runs.add(m.ID, r.Raw.Name.StampString(), r.Raw.Kind(), goLine, meter, page)
		}
	}
	for _, o := range others {
		v.Others = append(v.Others, Link{o, o + "/README.md"})
	}
	return wrapped("index", v)
}

// config is r's configuration value of key, "" without one.
func config(r *load.Run, key string) string { s, _ := r.Value(key); return s }

// RunsOnly is the machine page of a machine without a full run,
// templates/runsonly.tmpl: one line that says so, then a link to the page of
// each run and the notes on its other files. It is the page's only file.
func RunsOnly(machine string, runs []Link, notes []string) (map[string][]byte, error) {
	readme, err := wrapped("runsonly", runsOnlyView{markdown.Escape(machine), runs, notes})
	return map[string][]byte{"README.md": readme}, err
}
