package main

import (
	"fmt"
	"io"
	"path"
	"runtime"
	"sync"

	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// runsDir holds the pages of a machine's runs other than the machine page's.
const runsDir = "runs"

// A build is one machine's runs, loaded, where each one's page goes and,
// once rendered, the files and notes of them all.
type build struct {
	m       load.Machine
	runs    []*load.Run // parallel to m.Raws
	errs    []error     // parallel to m.Raws: why a run has no page
	page    *load.Run   // the run of the machine page: the newest full one, else the newest
	dirs    []string    // parallel to m.Raws: the page directory of every other run
	skipped []string    // files without a page, each with why
	files   map[string][]byte
	notes   []string
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

// A job is one page to render: the machine page (dir "") or a run's.
type job struct {
	dir   string
	run   *load.Run
	page  render.Page
	files map[string][]byte
	notes []string
	err   error
}

// jobs are the machine page and every run page.
func (b *build) jobs() []*job {
	var notes []string
	for _, s := range b.skipped {
		notes = append(notes, "Skipped "+s+".")
	}
	for _, s := range b.m.Ignored {
		notes = append(notes, "Ignored "+s+".")
	}
	machine := &job{run: b.page, page: render.Page{Machine: b.m.ID, Raw: path.Join(load.RawDir, b.page.Raw.File), Notes: notes}}
	jobs := []*job{machine}
	for i, r := range b.runs {
		if b.dirs[i] == "" {
			continue
		}
		if r.Raw.Name.Stamp.After(b.page.Raw.Name.Stamp) {
			machine.page.Newer = append(machine.page.Newer, render.Link{Text: fmt.Sprintf("%s (%s run)", r.Raw.Name.StampString(), r.Raw.Kind()), Href: path.Join(b.dirs[i], "README.md")})
		}
		jobs = append(jobs, &job{dir: b.dirs[i], run: r, page: render.Page{Machine: b.m.ID, Raw: path.Join("..", "..", load.RawDir, r.Raw.File), RunPage: true}})
	}
	return jobs
}

// renderAll renders the pages of every build, as many at once as there
// are CPUs, and files them under their machine directories.
func renderAll(builds []*build, stdout io.Writer) error {
	jobs := make([][]*job, len(builds))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, b := range builds {
		jobs[i] = b.jobs()
		for _, j := range jobs[i] {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				j.page.A = model.Analyze(j.run)
				j.files, j.notes, j.err = j.page.Files()
			}()
		}
	}
	wg.Wait()
	for i, b := range builds {
		b.files = map[string][]byte{}
		for _, j := range jobs[i] {
			switch {
			case j.err != nil && j.dir == "":
				return fmt.Errorf("machine %s: %w", b.m.ID, j.err)
			case j.err != nil:
				return fmt.Errorf("machine %s: %s: %w", b.m.ID, j.dir, j.err)
			}
			for p, data := range j.files {
				b.files[path.Join(j.dir, p)] = data
			}
			prefix := ""
			if j.dir != "" {
				prefix = j.dir + ": "
			}
			for _, n := range j.notes {
				b.notes = append(b.notes, prefix+n)
			}
			fmt.Fprintf(stdout, "report: %s: %sbuilt from %s/%s\n", b.m.ID, prefix, load.RawDir, j.run.Raw.File)
			if j.dir == "" {
				for _, f := range b.m.InProgress {
					fmt.Fprintf(stdout, "report: %s: %s is a run in progress (or an interrupted one); no page mentions it\n", b.m.ID, f)
				}
			}
		}
	}
	return nil
}
