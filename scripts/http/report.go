package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

// report rebuilds the HTTP report of every machine under results that has
// HTTP raw files, each from its preferred raw file alone (see preferredRaw).
func report(results string, stdout io.Writer) error {
	entries, err := os.ReadDir(results)
	if err != nil {
		return fmt.Errorf("reading results directory: %w", err)
	}
	built := 0
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		raw, err := rebuild(filepath.Join(results, e.Name(), "http"), e.Name())
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("machine %s: %w", e.Name(), err)
		}
		fmt.Fprintf(stdout, "http report: %s: built from http/raw/%s\n", e.Name(), raw)
		built++
	}
	if built == 0 {
		fmt.Fprintf(stdout, "http report: no machine under %s has HTTP results (<machine-id>/http/raw/*.txt)\n", results)
	}
	return nil
}

// reportRun rebuilds the report of machine id and prints the page of run,
// just written to path.
func reportRun(results, id, path string, run *httppage.Run, stdout io.Writer) error {
	page, err := httppage.Page(run, id, false)
	if err != nil {
		return err
	}
	stdout.Write(page)
	dir := filepath.Join(results, id, "http")
	raw, err := rebuild(dir, id)
	if err != nil {
		return err
	}
	if raw != filepath.Base(path) {
		fmt.Fprintf(stdout, "\n%s shows raw/%s, a run of the kind a report prefers (full over quick or custom); this run's output is %s\n", filepath.Join(dir, "README.md"), raw, path)
	}
	return nil
}

// rebuild writes the report of the machine directory dir (results/<id>/http)
// from its preferred raw file, removes charts the report no longer has,
// and returns the raw file's name. It reports fs.ErrNotExist when dir has
// no raw files.
func rebuild(dir, machine string) (string, error) {
	raw, err := preferredRaw(filepath.Join(dir, "raw"))
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(filepath.Join(dir, "raw", raw))
	if err != nil {
		return "", err
	}
	run, err := httppage.Parse(raw, data)
	if err != nil {
		return "", err
	}
	files, err := httppage.Files(run, machine)
	if err != nil {
		return "", err
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := safefile.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return "", err
		}
	}
	stale, _ := filepath.Glob(filepath.Join(dir, httppage.ChartGlob))
	for _, path := range stale {
		if _, ok := files[filepath.Base(path)]; !ok {
			os.Remove(path)
		}
	}
	return raw, nil
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
