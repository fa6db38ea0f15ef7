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

// A build is one machine: its entry in the index and its pages, the
// machine page first, rendered by renderAll.
type build struct {
	m     load.Machine
	index render.IndexMachine
	jobs  []*job
}

// A job is one page: the machine page (dir "") or a run's, under dir.
type job struct {
	dir   string
	run   *load.Run
	page  render.Page
	files map[string][]byte
	notes []string
	err   error
}

// newBuild loads every run of m and gives each its page: the newest full
// run the machine page (else the newest run), every other run one under
// runsDir. It fails on the first raw file that does not load: a page built
// beside a bad file would hide it. A machine without runs has no jobs.
func newBuild(m load.Machine) (*build, error) {
	b := &build{m: m, index: render.IndexMachine{ID: m.ID}}
	runs := make([]*load.Run, len(m.Raws))
	var main *load.Run
	for i, raw := range m.Raws {
		r, err := load.Load(raw)
		if err != nil {
			return nil, err
		}
		if runs[i] = r; main == nil || (r.Raw.Full() && !main.Raw.Full()) {
			main = r
		}
	}
	if main == nil {
		return b, nil
	}
	b.index.Page = main
	machine := &job{run: main, page: render.Page{Machine: m.ID, Raw: path.Join(load.RawDir, main.Raw.File)}}
	b.jobs = []*job{machine}
	var skipped []string
	taken := map[string]bool{}
	for i, r := range runs {
		ir := render.IndexRun{Raw: m.Raws[i], Page: path.Join(m.ID, "README.md")}
		dir := path.Join(runsDir, r.Raw.Name.StampString())
		switch {
		case r == main:
		case taken[dir]:
			ir.Page, ir.Err = "", fmt.Errorf("another run started in the same second has the page %s", dir)
			skipped = append(skipped, fmt.Sprintf("Skipped %s/%s: %v.", load.RawDir, r.Raw.File, ir.Err))
		default:
			taken[dir], ir.Page = true, path.Join(m.ID, dir, "README.md")
			if r.Raw.Name.Stamp.After(main.Raw.Name.Stamp) {
				machine.page.Newer = append(machine.page.Newer, render.Link{Text: fmt.Sprintf("%s (%s run)", r.Raw.Name.StampString(), r.Raw.Kind()), Href: path.Join(dir, "README.md")})
			}
			b.jobs = append(b.jobs, &job{dir: dir, run: r, page: render.Page{Machine: m.ID, Raw: path.Join("..", "..", load.RawDir, r.Raw.File), RunPage: true}})
		}
		b.index.Runs = append(b.index.Runs, ir)
	}
	for _, s := range m.Ignored {
		skipped = append(skipped, "Ignored "+s+".")
	}
	machine.page.Notes = skipped
	return b, nil
}

// renderAll renders every page of every build, as many at once as there
// are CPUs.
func renderAll(builds []*build) {
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, b := range builds {
		for _, j := range b.jobs {
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
}

// files are the files of a build's pages, keyed by slash path under the
// machine directory, and their notes; it prints which raw file each page
// is built from.
func (b *build) files(stdout io.Writer) (map[string][]byte, []string, error) {
	files := map[string][]byte{}
	var notes []string
	for _, j := range b.jobs {
		prefix := ""
		if j.dir != "" {
			prefix = j.dir + ": "
		}
		if j.err != nil {
			return nil, nil, fmt.Errorf("machine %s: %s%w", b.m.ID, prefix, j.err)
		}
		for p, data := range j.files {
			files[path.Join(j.dir, p)] = data
		}
		for _, n := range j.notes {
			notes = append(notes, prefix+n)
		}
		fmt.Fprintf(stdout, "report: %s: %sbuilt from %s/%s\n", b.m.ID, prefix, load.RawDir, j.run.Raw.File)
		for _, f := range b.m.InProgress {
			if j.dir == "" {
				fmt.Fprintf(stdout, "report: %s: %s is a run in progress (or an interrupted one); no page mentions it\n", b.m.ID, f)
			}
		}
	}
	return files, notes, nil
}
