// Command report turns the raw benchmark output under results/ into the
// pages a reader sees, without rerunning any benchmark:
//
//	report [-results dir] [-machine id]
//	report -compare OLD NEW
//
// The first writes, from every raw file under dir/<machine-id>/raw/ (see
// package rawfmt), each machine's README.md (from the newest full run,
// else the newest), model.csv, tables/<op>.txt (benchstat), charts/*.svg
// and runs/<stamp>/ (the same for every other run); then dir/README.md, the
// index, and the page of every document make bench-doc measured
// (package internal/doc/page). -machine builds one machine's. Package load
// parses, model analyses, render makes the files; every page is rendered
// before the first is written, with safefile, and the same raw input gives
// the same bytes. The second prints the cells whose change from OLD to NEW
// (raw files or directories of them) is significant, largest effect first,
// and writes benchstat of every cell to a temporary file it names.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/doc/page"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/render"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	results := fs.String("results", "results", "results `dir`ectory holding <machine-id>/raw/")
	only := fs.String("machine", "", "build only this machine `id` (default: every machine found)")
	compare := fs.Bool("compare", false, "summarise OLD vs NEW (raw files or directories), write benchstat of every cell to a temporary file, and exit")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: report [-results dir] [-machine id]\n       report -compare OLD NEW\n")
		fs.PrintDefaults()
	}
	switch err := fs.Parse(args); {
	case err != nil:
		return err
	case *compare && (fs.NArg() != 2 || fs.Arg(0) == "" || fs.Arg(1) == ""):
		return errors.New("-compare needs two arguments: OLD and NEW, each a raw file or a directory of them")
	case *compare:
		return compareRuns(fs.Arg(0), fs.Arg(1), stdout)
	case fs.NArg() != 0:
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return buildAll(*results, *only, stdout, stderr)
}

// buildAll writes the pages of every selected machine and the index. A
// raw file that does not load changes no page; a machine with no raw file
// is an error, returned after everything else has been written.
func buildAll(results, only string, stdout, stderr io.Writer) error {
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
	for _, m := range machines {
		b, err := newBuild(m)
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
	written := make([]map[string][]byte, len(builds))
	notes := make([][]string, len(builds))
	for i, b := range builds {
		if written[i], notes[i], err = b.files(stdout); err != nil {
			return err
		}
	}
	docs, err := docPages(results, only)
	if err != nil {
		return err
	}
	others, err := load.OtherReports(results)
	if err != nil {
		return err
	}
	for p := range docs {
		others = append(others, path.Dir(p))
	}
	slices.Sort(others)
	idx, err := render.Index(index, slices.Compact(others))
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	for i, b := range builds {
		if err := writeTree(b.m.Dir, written[i]); err != nil {
			return fmt.Errorf("machine %s: %w", b.m.ID, err)
		}
		for _, n := range notes[i] {
			fmt.Fprintf(stderr, "report: %s: note: %s\n", b.m.ID, n)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(docs)) {
		if err := safefile.WriteFile(filepath.Join(results, filepath.FromSlash(p)), docs[p], 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "report: %s: built from %s\n", path.Dir(p), page.RawFile)
	}
	if err := safefile.WriteFile(filepath.Join(results, "README.md"), idx, 0o644); err != nil {
		return err
	}
	return errors.Join(failed...)
}
