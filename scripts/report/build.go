package main

import (
	"fmt"
	"io"
	"path"

	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// runsDir holds the pages of a machine's runs other than the machine page's.
const runsDir = "runs"

// A build is one machine's runs, loaded, and where each one's page goes.
type build struct {
	m       load.Machine
	runs    []*load.Run // parallel to m.Raws
	errs    []error     // parallel to m.Raws: why a run has no page
	page    *load.Run   // the run of the machine page: the newest full one, else the newest
	dirs    []string    // parallel to m.Raws: the page directory of every other run
	skipped []string    // files without a page, each with why
}

// newBuild loads every run of m. It fails on the first raw file that does
// not load: a page built beside a bad file would hide it.
func newBuild(m load.Machine) (*build, error) {
	n := len(m.Raws)
	b := &build{m: m, runs: make([]*load.Run, n), errs: make([]error, n), dirs: make([]string, n)}
	for i, raw := range m.Raws {
		r, err := load.Load(raw)
		if err != nil {
			return nil, err
		}
		b.runs[i] = r
		if b.page == nil || (r.Raw.Full() && !b.page.Raw.Full()) {
			b.page = r
		}
	}
	taken := map[string]bool{}
	for i, r := range b.runs {
		if r == b.page {
			continue
		}
		dir := path.Join(runsDir, r.Raw.Name.StampString())
		if taken[dir] {
			b.errs[i] = fmt.Errorf("another run started in the same second has the page %s", dir)
			b.skipped = append(b.skipped, fmt.Sprintf("%s/%s: %v", load.RawDir, r.Raw.File, b.errs[i]))
			continue
		}
		taken[dir], b.dirs[i] = true, dir
	}
	return b, nil
}

// index is the machine's entry in the results index.
func (b *build) index() render.IndexMachine {
	im := render.IndexMachine{ID: b.m.ID, Page: b.page}
	for i, raw := range b.m.Raws {
		ir := render.IndexRun{Raw: raw, Err: b.errs[i]}
		switch {
		case b.runs[i] != nil && b.runs[i] == b.page:
			ir.Page = path.Join(b.m.ID, "README.md")
		case b.dirs[i] != "":
			ir.Page = path.Join(b.m.ID, b.dirs[i], "README.md")
		}
		im.Runs = append(im.Runs, ir)
	}
	return im
}

// files renders the machine page and every run page, keyed by slash path
// under the machine directory, and returns their notes.
func (b *build) files(stdout io.Writer) (map[string][]byte, []string, error) {
	var notes []string
	for _, s := range b.skipped {
		notes = append(notes, "Skipped "+s+".")
	}
	for _, s := range b.m.Ignored {
		notes = append(notes, "Ignored "+s+".")
	}
	page := render.Page{Machine: b.m.ID, A: model.Analyze(b.page), Raw: path.Join(load.RawDir, b.page.Raw.File), Notes: notes}
	for i, r := range b.runs {
		if b.dirs[i] != "" && r.Raw.Name.Stamp.After(b.page.Raw.Name.Stamp) {
			page.Newer = append(page.Newer, render.Link{Text: fmt.Sprintf("%s (%s run)", r.Raw.Name.StampString(), r.Raw.Kind()), Href: path.Join(b.dirs[i], "README.md")})
		}
	}
	files, notes, err := page.Files()
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(stdout, "report: %s: built from %s/%s\n", b.m.ID, load.RawDir, b.page.Raw.File)
	for _, f := range b.m.InProgress {
		fmt.Fprintf(stdout, "report: %s: %s is a run in progress (or an interrupted one); no page mentions it\n", b.m.ID, f)
	}
	for i, r := range b.runs {
		if b.dirs[i] == "" {
			continue
		}
		page := render.Page{Machine: b.m.ID, A: model.Analyze(r), Raw: path.Join("..", "..", load.RawDir, r.Raw.File), RunPage: true}
		fs, runNotes, err := page.Files()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", b.dirs[i], err)
		}
		for p, data := range fs {
			files[path.Join(b.dirs[i], p)] = data
		}
		for _, n := range runNotes {
			notes = append(notes, b.dirs[i]+": "+n)
		}
		fmt.Fprintf(stdout, "report: %s: %s: built from %s/%s\n", b.m.ID, b.dirs[i], load.RawDir, r.Raw.File)
	}
	return files, notes, nil
}
