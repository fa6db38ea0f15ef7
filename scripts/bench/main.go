// Command bench is the runner behind make bench: it builds the benchmark
// binary once, asks it which CPU it runs on, runs the selected matrix in
// interleaved rounds (each round -count 1 over every cell, in an order
// drawn from a random seed and the round), and writes the raw benchfmt
// output (package internal/rawfmt) after the configuration lines that make
// it reproducible to results/<machine-id>/raw/<UTC timestamp>[-kind].txt,
// renamed into place only when every round completed and no cell failed
// the correctness gate (package internal/runner).
//
//	go run ./scripts/bench [-quick] [-ops …] [-fixtures …] [-codecs …] [-rounds n] [-benchtime d] [-order-seed n]
package main

import (
	"cmp"
	"context"
	"io"
	"os"
	"strconv"
	"syscall"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

type options struct {
	sel       rawfmt.Selection
	quick     bool
	rounds    int
	benchtime string
	large     string // the benchtime of cells on large documents; "" uses benchtime
	// the runs per round of the part of the fields-* cells on small documents
	fieldsPasses int
	seed         uint64 // the order seed; 0 draws a random one
	results      string // the results directory
	bin          string // a prebuilt benchmark binary; "" builds one
	noBase       bool   // a narrowed codec selection leaves out the base configuration
	builds       []build
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	runner.Main("bench", err, syscall.SIGKILL, func(ctx context.Context) error { return run(ctx, o, os.Stderr) })
}

// parseFlags reads the command line. With -quick, the quick subset's operations
// and fixtures, 3 rounds and one pass of the fields-* cells are the defaults;
// -ops, -fixtures, -rounds and -fields-passes still win.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{rounds: 20, benchtime: "10ms", large: "10x", fieldsPasses: 2}
	fs := runner.NewFlags("bench")
	o.sel.RegisterFlags(fs.FlagSet, "")
	fs.BoolVar(&o.quick, "quick", false, "run the quick subset in 3 rounds, the fields-* cells once a round: "+jsoncost.QuickSelection.String())
	fs.Count("rounds", "`n` rounds over the whole matrix (default 20, 3 with -quick)", &o.rounds)
	fs.Benchtime("benchtime", "go test -benchtime per cell and round: a `duration` or a count such as 100x (default 10ms)", &o.benchtime)
	fs.Value("large-benchtime", "-benchtime of the cells on documents of 2000 values or more, so that each sample holds enough iterations: a count such as 10x, a `duration`, or \"\" for -benchtime (default 10x)", func(s string) error {
		if o.large = s; s == "" {
			return nil
		}
		return runner.CheckBenchtime(s)
	})
	fs.Count(rawfmt.KeyFieldsPasses, "`n` samples per round of each fields-* cell, each from its own run of the binary at its own place in the round: the sweep the cost model is fitted on (default 2)", &o.fieldsPasses)
	fs.Seed(rawfmt.KeyOrderSeed, "replay the cell order of the run that recorded this `seed` as its "+rawfmt.KeyOrderSeed+" (default random)", &o.seed)
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.BoolVar(&o.noBase, "no-base", false, "with -codecs, leave out "+rawfmt.Base+" unless selected (by default it is added: every ratio is against it)")
	fs.Value("builds", "run every cell under each of these `builds` (make bench-upgrade; default "+strconv.Quote(DefaultBuilds)+" when given empty), each round every build's binary in shuffled order: a toolchain, then +experiment for GOEXPERIMENT", func(s string) (err error) {
		o.builds, err = parseBuilds(cmp.Or(s, DefaultBuilds))
		return err
	})
	fs.StringVar(&o.bin, "bin", "", "run this benchmark binary (go test -c of the root package) instead of building one")
	if err := fs.Parse(args, stderr); err != nil || !o.quick {
		return o, err
	}
	if !fs.Given("rounds") {
		o.rounds = 3
	}
	if !fs.Given(rawfmt.KeyFieldsPasses) {
		o.fieldsPasses = 1
	}
	q := jsoncost.QuickSelection
	o.sel = rawfmt.Selection{Codecs: cmp.Or(o.sel.Codecs, q.Codecs), Ops: cmp.Or(o.sel.Ops, q.Ops), Fixtures: cmp.Or(o.sel.Fixtures, q.Fixtures)}
	return o, nil
}
