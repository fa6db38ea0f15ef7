package site

import (
	"fmt"
	"path/filepath"

	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/report/load"
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
