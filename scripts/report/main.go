// Command report turns the raw benchmark output under results/ into the
// tables, cost model, charts and pages a reader sees, without rerunning any
// benchmark.
//
// It reads every raw file under results/<machine-id>/raw/ (see package
// rawfmt for the format and the file names) and writes, per machine:
//
//	README.md         the machine page, built from the newest full run (or
//	                  the newest run of any kind when no full run is usable)
//	model.csv         its fitted cost model with confidence intervals
//	tables/<op>.txt   benchstat of ns/op, B/op and allocs/op per operation
//	charts/*.svg      ns/op and allocs/op against fields, MB/s per corpus
//	runs/<stamp>/     the same page, tables, model and charts for every
//	                  other run, such as a quick or a narrowed one
//
// and results/README.md, the index of machines and runs, and the page of
// every document make bench-doc measured, <machine-id>/doc-<name>/README.md,
// from the raw.txt beside it alone (package internal/doc/page). Data flows one
// way: package load parses a raw file, package model analyses it, package
// render writes its files, and this command writes them in place with
// safefile. The same raw input always gives byte-identical output.
//
// With -compare OLD NEW (each a raw file or a directory of them) it prints the
// cells whose change is significant, largest effect first, and how many did not
// change, and writes benchstat of every cell, old against new, to a new file in
// the system's temporary directory, whose name it prints.
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
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *compare {
		if fs.NArg() != 2 || fs.Arg(0) == "" || fs.Arg(1) == "" {
			return errors.New("-compare needs two arguments: OLD and NEW, each a raw file or a directory of them")
		}
		return compareRuns(fs.Arg(0), fs.Arg(1), stdout)
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return buildAll(*results, *only, stdout, stderr)
}

// buildAll writes the pages of every selected machine and the index. Every
// raw file is loaded and every page rendered before the first is written,
// so a raw file that does not load changes no page. A machine with no raw
// file is an error, returned after everything else has been written.
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
	type output struct {
		m     load.Machine
		files map[string][]byte
		notes []string
	}
	var index []render.IndexMachine
	var outputs []output
	var failed []error
	for _, m := range machines {
		b, err := newBuild(m)
		if err != nil {
			return err
		}
		index = append(index, b.index())
		if only != "" && m.ID != only {
			continue
		}
		if b.page == nil {
			failed = append(failed, fmt.Errorf("machine %s: no raw files in %s", m.ID, filepath.Join(m.Dir, load.RawDir)))
			continue
		}
		files, notes, err := b.files(stdout)
		if err != nil {
			return fmt.Errorf("machine %s: %w", m.ID, err)
		}
		outputs = append(outputs, output{m, files, notes})
	}
	docs, err := docPages(results, only)
	if err != nil {
		return err
	}
	others, err := load.OtherReports(results)
	if err != nil {
		return err
	}
	others = withDocPages(others, docs)
	idx, err := render.Index(index, others)
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	for _, o := range outputs {
		if err := writeTree(o.m.Dir, o.files); err != nil {
			return fmt.Errorf("machine %s: %w", o.m.ID, err)
		}
		for _, n := range o.notes {
			fmt.Fprintf(stderr, "report: %s: note: %s\n", o.m.ID, n)
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
