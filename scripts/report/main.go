// Command report turns the raw benchmark output under results/ into the
// pages a reader sees, without rerunning any benchmark:
//
//	report [-results dir] [-machine id]
//	report -compare OLD NEW
//
// The first writes every page, each from its raw file alone (package
// internal/report/site says which); -machine builds one machine's. The
// second prints the cells whose change from OLD to NEW (raw files or
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

	"github.com/jsoncost/jsoncost/internal/report/site"
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
	return site.Build(*results, *only, stdout, stderr)
}
