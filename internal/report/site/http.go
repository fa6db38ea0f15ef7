package site

import (
	"cmp"
	"errors"
	"fmt"
	"go/version"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

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
	}
	newest := ""
	if len(runs) > 0 {
		newest = slices.MaxFunc(runs, func(a, b *httppage.Run) int { return version.Compare(a.Value("go"), b.Value("go")) }).Value("go")
	}
	for i, p := range pages {
		run := runs[i]
		if version.Compare(run.Value("go"), newest) < 0 {
			run.NewerGo = newest
		}
		machine := strings.TrimSuffix(p.dir, "/"+HTTPDir)
		files, err := httppage.Files(run, machine)
		if err != nil {
			return nil, fmt.Errorf("machine %s: %w", machine, err)
		}
		pages[i].files = files
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
	if i := slices.IndexFunc(names, func(n rawfmt.RawName) bool { return n.Kind == rawfmt.KindFull }); i >= 0 {
		return names[i].String(), nil
	}
	return names[0].String(), nil
}
