package site

import (
	"cmp"
	"errors"
	"fmt"
	"go/version"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// A pageDir is a directory of pages the report owns: a document's page or a
// machine's HTTP page and its charts, each from one raw file alone, or a
// machine page and the pages of the machine's other runs.
type pageDir struct {
	dir, raw string            // slash paths under results and under dir; raw "" for a machine's
	managed  []string          // the entries of dir the report owns
	files    map[string][]byte // by slash path under dir
	notes    []string          // printed when written
}

// docPages renders the page of every document make bench-doc measured,
// results/<machine-id>/doc-<name>-<fields>/README.md (page.Dir), from the raw
// file beside it alone; a directory named otherwise, as make bench-doc named
// them before, is built where it is, with a note naming its directory under
// page.Dir. only, when set, keeps one machine's.
func docPages(results, only string) ([]pageDir, error) {
	raws, err := filepath.Glob(filepath.Join(results, "*", page.DirPrefix+"*", page.RawFile))
	if err != nil {
		return nil, err
	}
	var pages []pageDir
	for _, raw := range raws {
		dir := filepath.Dir(raw)
		machine, base := filepath.Base(filepath.Dir(dir)), filepath.Base(dir)
		if only != "" && machine != only {
			continue
		}
		run, err := load.Load(load.Raw{Path: raw, File: page.RawFile})
		if err != nil {
			return nil, err
		}
		doc, _ := run.Value(page.KeyDoc) // FromRun fails without it
		fields, _ := run.Value(page.KeyDocFields)
		name := page.DocName(doc)
		text, err := page.FromRun(run, name, page.RawFile)
		if err != nil {
			return nil, fmt.Errorf("%s/%s: %w", machine, base, err)
		}
		p := pageDir{dir: machine + "/" + base, raw: page.RawFile, managed: []string{page.PageFile}, files: map[string][]byte{page.PageFile: text}}
		if want := page.Dir(name, fields); base != want {
			p.notes = []string{fmt.Sprintf("this run of %s with FIELDS=%q belongs in %s, one directory per document and FIELDS: move the directory there (git mv)", doc, fields, want)}
		}
		pages = append(pages, p)
	}
	return pages, nil
}

// HTTPDir is a machine's directory of its HTTP page, its latency charts and,
// under raw/, its HTTP raw files; the report owns the httpManaged entries.
const HTTPDir = "http"

var httpManaged = []string{"README.md", httppage.ChartGlob}

// httpPages renders the HTTP page of every machine under results that has HTTP
// raw files, each from its preferred raw file. only, when set, keeps one machine's.
func httpPages(results, only string, cache *load.Cache) ([]pageDir, error) {
	entries, err := os.ReadDir(results)
	if err != nil {
		return nil, fmt.Errorf("reading results directory: %w", err)
	}
	var pages []pageDir
	var runs []*httppage.Run // of pages, by index
	newest := ""             // the newest go of runs
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || (only != "" && e.Name() != only) {
			continue
		}
		dir := filepath.Join(results, e.Name(), HTTPDir, load.RawDir)
		raw, err := preferredRaw(dir) // fs.ErrNotExist without raw files
		p := pageDir{dir: e.Name() + "/" + HTTPDir, raw: load.RawDir + "/" + raw, managed: httpManaged}
		var data []byte
		if err == nil {
			data, err = os.ReadFile(filepath.Join(dir, raw))
		}
		var run *httppage.Run
		if err == nil {
			run, err = httppage.Read(raw, data)
		}
		if err == nil {
			err = httppage.ReadBeside(run, dir, cache)
		}
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, fmt.Errorf("machine %s: %w", e.Name(), err)
		}
		runs, pages = append(runs, run), append(pages, p)
		if version.Compare(run.Value("go"), newest) > 0 {
			newest = run.Value("go")
		}
	}
	for i, run := range runs {
		if version.Compare(run.Value("go"), newest) < 0 {
			run.NewerGo = newest
		}
		machine := strings.TrimSuffix(pages[i].dir, "/"+HTTPDir)
		if pages[i].files, err = httppage.Files(run, machine); err != nil {
			return nil, fmt.Errorf("machine %s: %w", machine, err)
		}
	}
	return pages, nil
}

// preferredRaw names the raw file a report is built from: the newest full
// run, or when there is none the newest run of any kind.
func preferredRaw(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var names []rawfmt.RawName
	for _, e := range entries {
		if n, err := rawfmt.ParseRawName(e.Name()); err == nil && !e.IsDir() {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "", fmt.Errorf("%s: %w", dir, fs.ErrNotExist)
	}
	slices.SortFunc(names, func(a, b rawfmt.RawName) int { // newest first, then by kind
		return cmp.Or(b.Stamp.Compare(a.Stamp), cmp.Compare(b.Kind, a.Kind))
	})
	i := slices.IndexFunc(names, func(n rawfmt.RawName) bool { return n.Kind == rawfmt.KindFull })
	return names[max(0, i)].String(), nil
}

// withMachinesPage adds to pages the cross-machine page, results/machines/README.md
// (package render's MachinesPage), over the newest full run of every machine
// that has one, when there are two or more. With only set, the page stays as
// it is: it needs every machine.
func withMachinesPage(pages []pageDir, builds []*build, only string) ([]pageDir, error) {
	if only != "" {
		return pages, nil
	}
	var ids, links []string
	var runs []*load.Run
	for _, b := range builds {
		// the newest full run (the jobs are newest first), which the machine's instruction count goes with
		i := slices.IndexFunc(b.jobs, func(j *job) bool { return j.run != nil && j.run.Raw.Full() && j.run.Builds == nil })
		if i < 0 {
			continue
		}
		j := b.jobs[i]
		ids, links, runs = append(ids, b.m.ID), append(links, path.Join(b.m.ID, j.dir, "README.md")), append(runs, j.run)
	}
	if len(runs) < 2 {
		return pages, nil
	}
	files, err := render.MachinesPage{F: model.CompareMachines(ids, runs), Results: "..", Pages: links}.Files()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", render.MachinesDir, err)
	}
	return append(pages, pageDir{dir: render.MachinesDir, managed: []string{"README.md"}, files: files}), nil
}
