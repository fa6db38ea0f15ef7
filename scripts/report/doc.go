package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// docPages renders the page of every document make bench-doc measured,
// results/<machine-id>/doc-<name>/README.md, from the raw file beside it alone,
// keyed by slash path under results. only, when set, keeps one machine's.
func docPages(results, only string) (map[string][]byte, error) {
	raws, err := filepath.Glob(filepath.Join(results, "*", page.DirPrefix+"*", page.RawFile))
	if err != nil {
		return nil, err
	}
	pages := map[string][]byte{}
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
		text, err := page.FromRun(run, strings.TrimPrefix(base, page.DirPrefix), page.RawFile)
		if err != nil {
			return nil, fmt.Errorf("%s/%s: %w", machine, base, err)
		}
		pages[machine+"/"+base+"/"+page.PageFile] = text
	}
	return pages, nil
}
