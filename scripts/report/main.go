// Command report turns the raw benchmark output under results/ into the tables, cost model, charts
// and pages a reader sees, without rerunning any benchmark.
//
// It reads results/<machine-id>/raw/<UTC timestamp>[-quick|-custom].txt, the benchfmt files written
// by scripts/bench: configuration lines (go version, cpu, codec module versions, the exact command)
// followed by interleaved rounds of BenchmarkCodec/op=<op>/fixture=<fixture>/codec=<codec> results.
// For each machine it picks the newest full run (a file without suffix), or the newest run of any
// kind when there is no usable full run, and writes under results/<machine-id>/:
//
//	tables/<op>.txt   benchstat of ns/op, B/op and allocs/op, rows fixture, columns codec,
//	                  encoding-json the base column
//	charts/*.svg      ns/op and allocs/op against fields (log-log) per operation, and MB/s per
//	                  real-world corpus with memcpy as the reference
//	model.csv         the fitted cost model with confidence intervals
//	README.md         the page: machine, command, harness overhead, findings, seed table,
//	                  _source filtering savings, cost model, links to tables, charts inline
//
// and results/README.md, an index of machines and their raw runs.
//
// Data flows one way: discover.go finds machines and picks a raw file; load.go parses it with
// benchfmt into cells (op, fixture, codec) holding every sample per unit, and orders the names it
// found (codecs as the run's codec-* lines list them, the base first; fixtures by family and
// name); stats.go summarises samples with benchmath and
// bootstraps intervals; model.go and seed.go fit and compare; tables.go runs benchstat; charts.go
// draws; readme.go and findings.go write the page; output.go stages every file in a temporary
// directory and renames it into place, so results are never half-written. The same raw input
// always gives byte-identical output.
//
// With -compare OLD NEW (each a raw file or a directory of them) it prints benchstat of every cell,
// old against new, to stdout and writes nothing.
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

// options are the command-line settings.
type options struct {
	results string // the results directory
	machine string // only this machine, or all when empty
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts options
	fs.StringVar(&opts.results, "results", "results", "results `dir`ectory holding <machine-id>/raw/*.txt")
	fs.StringVar(&opts.machine, "machine", "", "build only this machine `id` (default: every machine found)")
	compare := fs.Bool("compare", false, "print benchstat of OLD vs NEW (raw files or directories) and exit")
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
	return buildReports(opts, stdout, stderr)
}

// buildReports writes the report of every selected machine and the results index. A machine whose
// raw directory holds nothing usable is an error, reported after the others have been written.
func buildReports(opts options, stdout, stderr io.Writer) error {
	machines, err := findMachines(opts.results)
	if err != nil {
		return err
	}
	if opts.machine != "" && !hasMachine(machines, opts.machine) {
		return fmt.Errorf("machine %q not found under %s (found: %s)", opts.machine, opts.results, machineIDs(machines))
	}
	var failed []error
	for i := range machines {
		m := &machines[i]
		m.run, m.skipped, m.err = selectRun(m)
		if opts.machine != "" && m.id != opts.machine {
			continue
		}
		if m.err != nil {
			failed = append(failed, m.err)
			continue
		}
		rep, err := buildReport(m)
		if err != nil {
			return fmt.Errorf("machine %s: %w", m.id, err)
		}
		if err := writeTree(m.dir, rep.files); err != nil {
			return fmt.Errorf("machine %s: %w", m.id, err)
		}
		fmt.Fprintf(stdout, "report: %s: built from raw/%s\n", m.id, m.run.raw.name)
		for _, n := range rep.notes {
			fmt.Fprintf(stderr, "report: %s: note: %s\n", m.id, n)
		}
	}
	others, err := otherReports(opts.results)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(opts.results, "README.md", renderIndex(machines, others)); err != nil {
		return err
	}
	return errors.Join(failed...)
}
