package main

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// httpDir is the directory of a machine that holds its HTTP page, its
// latency charts and, under raw/, its HTTP raw files.
const httpDir = "http"

// httpManaged are the entries of a machine's httpDir the report owns.
var httpManaged = []string{"README.md", httppage.ChartGlob}

// An httpPage is the HTTP page of one machine and its charts, by name
// under httpDir, built from the raw file raw alone.
type httpPage struct {
	machine, raw string
	files        map[string][]byte
}

// httpPages renders the HTTP page of every machine under results that has
// HTTP raw files, each from its preferred raw file (see preferredRaw), by
// machine id. only, when set, keeps one machine's.
func httpPages(results, only string) ([]httpPage, error) {
	entries, err := os.ReadDir(results)
	if err != nil {
		return nil, fmt.Errorf("reading results directory: %w", err)
	}
	var pages []httpPage
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || (only != "" && e.Name() != only) {
			continue
		}
		p, err := newHTTPPage(filepath.Join(results, e.Name(), httpDir), e.Name())
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("machine %s: %w", e.Name(), err)
		}
		pages = append(pages, p)
	}
	return pages, nil
}

// newHTTPPage renders the page of the machine directory dir
// (results/<id>/http) from its preferred raw file. It reports
// fs.ErrNotExist when dir has no raw files.
func newHTTPPage(dir, machine string) (httpPage, error) {
	raw, err := preferredRaw(filepath.Join(dir, load.RawDir))
	if err != nil {
		return httpPage{}, err
	}
	data, err := os.ReadFile(filepath.Join(dir, load.RawDir, raw))
	if err != nil {
		return httpPage{}, err
	}
	run, err := httppage.Parse(raw, data)
	if err != nil {
		return httpPage{}, err
	}
	files, err := httppage.Files(run, machine)
	return httpPage{machine: machine, raw: raw, files: files}, err
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
	return slices.MaxFunc(names, func(a, b rawfmt.RawName) int {
		if af := a.Kind == rawfmt.KindFull; af != (b.Kind == rawfmt.KindFull) {
			if af {
				return 1
			}
			return -1
		}
		return cmp.Or(a.Stamp.Compare(b.Stamp), cmp.Compare(a.Kind, b.Kind))
	}).String(), nil
}
