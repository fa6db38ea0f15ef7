// Package site builds every page under a results directory from the raw
// files beside them, without rerunning any benchmark. Build loads each
// machine's raw files under <machine-id>/raw/ (package load), analyses each
// run (package model) and renders its files (package render): the machine's
// README.md, model.csv, tables/<op>.txt (benchstat) and charts/*.svg from its
// newest full run (without one, a README.md that says so and links every
// run's page), and runs/<stamp>/ the same for every other run (an older
// full run's without tables and charts: render.Page.Archived); then each
// document make bench-doc measured, doc-<name>-<fields>/README.md (package
// internal/owndoc/page); each machine's http/README.md and
// http/latency-*.svg from its newest full http/raw/ file, else its newest
// (package internal/httpbench/httppage); the cross-machine page (these three
// in pages.go); and the index, README.md. Every page is rendered before the
// first is written, each file atomically (writeTree), files a page no longer
// has are removed, and the same raw input gives the same bytes.
package site

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

const runsDir = "runs" // the pages of a machine's runs other than the machine page's

// A build is one machine: its entry in the index and its pages, the machine
// page first, rendered by renderAll.
type build struct {
	m     load.Machine
	index render.IndexMachine
	jobs  []*job
}

type job struct { // one page: the machine page (dir "") or a run's, under dir
	dir string
	run *load.Run // nil for the machine page of a machine without a full run
	// The page of run; without run, its Newer and Notes are what the
	// machine page links (every run's page) and says.
	page  render.Page
	up    *render.UpgradePage // the page of an upgrade run, in place of page
	files map[string][]byte
	notes []string
	err   error
}

// newBuild loads every run of m and gives each its page: the newest full run
// the machine page, every other run one under runsDir, newer ones linked
// from the machine page. A machine without a full run gets a machine page
// that says so and links every run's. It fails on the first raw file that
// does not load: a page built beside it would hide it. A machine without
// runs has no jobs.
func newBuild(m load.Machine, cache *load.Cache) (*build, error) {
	b := &build{m: m, index: render.IndexMachine{ID: m.ID}}
	runs := make([]*load.Run, len(m.Raws))
	errs := make([]error, len(m.Raws))
	parallel(m.Raws, func(i int, raw load.Raw) { runs[i], errs[i] = cache.Load(raw) })
	if err := cmp.Or(errs...); err != nil { // the first in the machine's order, whichever failed first in time
		return nil, err
	}
	if len(runs) == 0 {
		return b, nil
	}
	b.index.Newest = runs[0] // m.Raws is newest first
	machine := &job{page: render.Page{Machine: m.ID}}
	i := slices.IndexFunc(runs, func(r *load.Run) bool { return r.Raw.Full() })
	if i >= 0 {
		b.index.Page = runs[i]
		machine = newJob("", runs[i], m.ID, load.RawDir)
	}
	b.jobs = []*job{machine}
	taken := map[string]bool{}
	for _, r := range runs {
		ir := render.IndexRun{Run: r, Page: path.Join(m.ID, "README.md")}
		dir := path.Join(runsDir, r.Raw.Name.StampString())
		switch {
		case r == b.index.Page:
		case taken[dir]:
			ir.Page, ir.Err = "", fmt.Errorf("another run started in the same second has the page %s", dir)
			machine.page.Notes = append(machine.page.Notes, fmt.Sprintf("Skipped %s/%s: %v.", load.RawDir, r.Raw.File, ir.Err))
		default:
			taken[dir], ir.Page = true, path.Join(m.ID, dir, "README.md")
			link := render.Link{Text: fmt.Sprintf("%s (%s run)", r.Raw.Name.StampString(), r.Raw.Kind()), Href: path.Join(dir, "README.md")}
			if machine.run == nil || r.Raw.Name.Stamp.After(machine.run.Raw.Name.Stamp) {
				machine.page.Newer = append(machine.page.Newer, link)
			}
			j := newJob(dir, r, m.ID, path.Join("..", "..", load.RawDir))
			j.page.Archived = r.Raw.Full() // older than the machine page's, the newest full run
			b.jobs = append(b.jobs, j)
		}
		b.index.Runs = append(b.index.Runs, ir)
	}
	for _, s := range m.Ignored {
		machine.page.Notes = append(machine.page.Notes, "Ignored "+s+".")
	}
	return b, nil
}

// newJob is the job of run r's page under dir, its raw directory at rawDir from there.
func newJob(dir string, r *load.Run, machine, rawDir string) *job {
	raw := path.Join(rawDir, r.Raw.File)
	if r.Builds != nil {
		return &job{dir: dir, run: r, up: &render.UpgradePage{Machine: machine, Raw: raw}}
	}
	return &job{dir: dir, run: r, page: render.Page{Machine: machine, Raw: raw, RunPage: dir != ""}}
}

// Build writes the pages of every machine under results, or of the one
// machine only names, and the index. A raw file that does not load changes
// no page; a machine with no raw file is an error, returned after everything
// else has been written.
func Build(results, only string, stdout, stderr io.Writer) error {
	machines, err := load.Machines(results)
	if err != nil {
		return err
	}
	if only != "" && !slices.ContainsFunc(machines, func(m load.Machine) bool { return m.ID == only }) {
		ids := make([]string, len(machines))
		for i, m := range machines {
			ids[i] = m.ID
		}
		return fmt.Errorf("machine %q not found under %s (found: %s)", only, results, strings.Join(ids, ", "))
	}
	var index []render.IndexMachine
	var builds []*build
	var failed []error
	var cache load.Cache // the HTTP pages' microbenchmarks are runs loaded here
	for _, m := range machines {
		b, err := newBuild(m, &cache)
		if err != nil {
			return err
		}
		index = append(index, b.index)
		switch {
		case only != "" && m.ID != only:
		case b.jobs == nil:
			failed = append(failed, fmt.Errorf("machine %s: no raw files in %s", m.ID, filepath.Join(m.Dir, load.RawDir)))
		default:
			builds = append(builds, b)
		}
	}
	renderAll(builds)
	var dirs []pageDir
	for _, b := range builds {
		d, err := b.files(stdout)
		if err != nil {
			return err
		}
		dirs = append(dirs, d)
	}
	docs, err := docPages(results, only)
	if err != nil {
		return err
	}
	https, err := httpPages(results, only, &cache)
	if err != nil {
		return err
	}
	pages, err := withMachinesPage(append(docs, https...), builds, only)
	if err != nil {
		return err
	}
	others := load.OtherReports(results)
	for _, d := range pages {
		others = append(others, d.dir)
	}
	slices.Sort(others)
	idx, err := render.Index(index, slices.Compact(others))
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	for _, d := range append(dirs, pages...) {
		if err := writeTree(filepath.Join(results, filepath.FromSlash(d.dir)), d.managed, d.files); err != nil {
			return fmt.Errorf("%s: %w", d.dir, err)
		}
		for _, n := range d.notes {
			fmt.Fprintf(stderr, "report: %s: note: %s\n", d.dir, n)
		}
		if d.raw != "" {
			fmt.Fprintf(stdout, "report: %s: built from %s\n", d.dir, d.raw)
		}
	}
	if err := safefile.WriteFile(filepath.Join(results, "README.md"), idx, 0o644); err != nil {
		return err
	}
	return errors.Join(failed...)
}

// renderAll renders every page of every build.
func renderAll(builds []*build) {
	var jobs []*job
	for _, b := range builds {
		jobs = append(jobs, b.jobs...)
	}
	parallel(jobs, func(_ int, j *job) {
		switch {
		case j.run == nil:
			j.notes = j.page.Notes
			j.files, j.err = render.RunsOnly(j.page.Machine, j.page.Newer, j.notes)
		case j.up != nil:
			j.up.U = model.UpgradeOf(j.run)
			j.files, j.notes, j.err = j.up.Files()
		default:
			j.page.A = model.Analyze(j.run)
			j.files, j.notes, j.err = j.page.Files()
		}
		if j.dir != "" { // a run under runsDir: no other page reads what model computed of it
			j.run.Memo, j.page.A = nil, nil
		}
	})
}

// parallel calls f on every element of s and its index, as many at once as
// there are CPUs.
func parallel[T any](s []T, f func(int, T)) {
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, x := range s {
		g.Go(func() error {
			f(i, x)
			return nil
		})
	}
	g.Wait()
}

// files are the pages of a build, by slash path under the machine directory,
// and their notes; it prints which raw file each page is built from.
func (b *build) files(stdout io.Writer) (pageDir, error) {
	d := pageDir{dir: b.m.ID, managed: machineManaged, files: map[string][]byte{}}
	for _, j := range b.jobs {
		prefix := ""
		if j.dir != "" {
			prefix = j.dir + ": "
		}
		if j.err != nil {
			return pageDir{}, fmt.Errorf("machine %s: %s%w", b.m.ID, prefix, j.err)
		}
		for p, data := range j.files {
			d.files[path.Join(j.dir, p)] = data
		}
		for _, n := range j.notes {
			d.notes = append(d.notes, prefix+n)
		}
		if j.run == nil {
			fmt.Fprintf(stdout, "report: %s: no full run: the machine page links the page of each run\n", b.m.ID)
		} else {
			fmt.Fprintf(stdout, "report: %s: %sbuilt from %s/%s\n", b.m.ID, prefix, load.RawDir, j.run.Raw.File)
		}
	}
	for _, f := range b.m.InProgress {
		fmt.Fprintf(stdout, "report: %s: %s is a run in progress (or an interrupted one); no page mentions it\n", b.m.ID, f)
	}
	return d, nil
}

// machineManaged are the entries of a machine directory the report owns; raw/ is not.
var machineManaged = []string{"README.md", "configurations.md", "model.csv", "ops", "tables", "charts", runsDir}

// writeTree makes the report files of dir exactly files (slash paths, each
// under an entry a managed pattern matches): every file is written atomically,
// then what the managed entries hold that files does not is removed.
func writeTree(dir string, managed []string, files map[string][]byte) error {
	owned := func(top string) bool {
		return slices.ContainsFunc(managed, func(pattern string) bool {
			ok, _ := path.Match(pattern, top)
			return ok
		})
	}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		top, _, _ := strings.Cut(p, "/")
		if !owned(top) {
			return fmt.Errorf("writing report: %s is outside the report's entries", p)
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return fmt.Errorf("writing report: %w", err)
		}
		if err := safefile.WriteFile(full, files[p], 0o644); err != nil {
			return err
		}
	}
	// What the report no longer has goes, deepest first, with the directories it empties.
	var walked []string
	for _, pattern := range managed {
		tops, err := filepath.Glob(filepath.Join(dir, pattern))
		for _, top := range tops {
			err = cmp.Or(err, filepath.WalkDir(top, func(p string, _ fs.DirEntry, err error) error {
				walked = append(walked, p)
				return err
			}))
		}
		if err != nil {
			return fmt.Errorf("removing stale report files: %w", err)
		}
	}
	for _, p := range slices.Backward(walked) {
		rel, err := filepath.Rel(dir, p)
		if _, keep := files[filepath.ToSlash(rel)]; keep || err != nil {
			continue
		}
		if entries, err := os.ReadDir(p); err == nil && len(entries) > 0 {
			continue // a directory still holding files
		}
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("removing stale report files: %w", err)
		}
	}
	return nil
}
