// Command report turns the raw benchmark output under results/ into the
// pages a reader sees, without rerunning any benchmark:
//
//	report [-results dir] [-machine id]
//	report -compare OLD NEW
//
// The first writes every page, each from its raw file alone: from the raw
// files under dir/<machine-id>/raw/ (package rawfmt), each machine's README.md,
// model.csv, tables/<op>.txt (benchstat) and charts/*.svg from its newest full
// run (without one, a README.md that says so and links every run's page) and
// runs/<stamp>/ (the same for every other run); each document and FIELDS
// make bench-doc measured, doc-<name>-<fields>/README.md (package
// internal/owndoc/page); each machine's http/README.md and http/latency-*.svg
// from its newest full http/raw/ file, else its newest (package
// internal/httpbench/httppage); then dir/README.md, the index. -machine builds
// one machine's. Package load parses, model analyses, render makes the files;
// every page is rendered before the first is written (with safefile), files a
// page no longer has are removed, and the same raw input gives the same bytes.
// The second prints the cells whose change from OLD to NEW (raw files or
// directories of them) is significant, largest effect first, after a line
// naming the machine-id, cpu or go that differs between them, and writes
// benchstat of every cell to a temporary file it names.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
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
