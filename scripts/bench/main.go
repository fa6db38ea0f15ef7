// Command bench is the runner behind make bench, bench-quick and
// bench-upgrade: it plans the selected cells with their partners (package
// internal/meter), builds a benchmark binary per link layout (and per
// toolchain with -builds), times the pairs in rounds, one process of the
// binary a round, and writes the raw benchfmt output (package
// internal/rawfmt) after the configuration lines that make it reproducible
// to results/<machine-id>/raw/<UTC timestamp>[-kind].txt, renamed into
// place only when every round completed and no cell failed the
// correctness gate (package internal/runner).
//
//	go run ./scripts/bench [-quick] [-ops …] [-fixtures …] [-codecs …] [-rounds n] [-slice d] [-pairs n] [-layouts n] [-seed n] [-builds …]
package main

import (
	"cmp"
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

type options struct {
	sel     rawfmt.Selection
	quick   bool
	noise   bool // make bench-noise: every other round beside a busy neighbour
	rounds  int
	slice   time.Duration
	pairs   int
	layouts int
	seed    uint64 // the run's seed; 0 draws a random one
	results string // the results directory
	builds  []build
	bins    []string    // prebuilt binaries, one per layout, in place of building them (tests)
	codecs  codecs.List // the configurations to plan from; nil for the registry's (a test adds its own)
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	runner.Main("bench", err, syscall.SIGKILL, func(ctx context.Context) error { return run(ctx, o, os.Stderr) })
}

// parseFlags reads the command line. The defaults are 40 rounds of up to 4
// pairs a cell, each round in a binary of its own link layout. A round's
// median strays from its cell's beyond its pairs' own scatter with its
// process and with its binary's layout, the layout more (results/
// linux-amd64-amd-epyc-f25m17s1, run 20261206T224649Z: 4 layouts of 4
// rounds), and only more rounds narrow that; but every round also warms
// every cell anew. Per minute, 4 pairs a round narrowed the intervals more
// than 2 did: 24 rounds of 4 gave a median half-width of ±3.0% in 16m31s
// of rounds (20261206T225243Z), 64 of 2 ±2.6% in 35m15s (20261206T231314Z),
// 40 of 4 ±2.8% in 31m44s at a busier moment (20261206T235054Z). With -quick, the
// quick subset's operations and fixtures and 4 rounds are the defaults,
// with -noise 16 rounds; -ops, -fixtures, -rounds and -pairs still win.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{rounds: 40, slice: time.Millisecond, pairs: 4}
	fs := runner.NewFlags("bench")
	o.sel.RegisterFlags(fs.FlagSet)
	fs.BoolVar(&o.quick, "quick", false, "run the quick subset in 4 rounds: "+jsoncost.QuickSelection.String())
	fs.BoolVar(&o.noise, "noise", false, "run a small subset in 16 rounds, every other one beside a busy neighbour, to see how far the neighbour moves the figures: "+jsoncost.NoiseSelection.String())
	fs.Count("rounds", "`n` rounds, each one process of the binary of one link layout (default 40, 4 with -quick, 16 with -noise)", &o.rounds)
	fs.Count("pairs", "`n` pairs of slices of each cell per round, fewer for a cell whose slices are slow (default 4)", &o.pairs)
	fs.Count("layouts", "`n` binaries, each linked with its own -randlayout seed (default one a round)", &o.layouts)
	fs.Value("slice", "the `duration` a slice aims at (default 1ms)", func(s string) (err error) {
		o.slice, err = time.ParseDuration(s)
		if err == nil && (o.slice < 50*time.Microsecond || o.slice > time.Second) {
			err = errors.New("want a duration from 50µs to 1s")
		}
		return err
	})
	fs.Seed("seed", "replay the order of the run that recorded this `seed` as its "+rawfmt.KeyOrderSeed+" (default random)", &o.seed)
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.Value("builds", "run every cell under each of these `builds` (make bench-upgrade; default "+strconv.Quote(DefaultBuilds)+" when given empty), each paired with the first: a toolchain, then +experiment for GOEXPERIMENT", func(s string) (err error) {
		o.builds, err = parseBuilds(cmp.Or(s, DefaultBuilds))
		return err
	})
	if err := fs.Parse(args, stderr); err != nil {
		return o, err
	}
	q, rounds := jsoncost.NoiseSelection, 16
	if o.quick {
		q, rounds = jsoncost.QuickSelection, 4
	}
	if o.quick || o.noise {
		if !fs.Given("rounds") {
			o.rounds = rounds
		}
		o.sel = rawfmt.Selection{Codecs: cmp.Or(o.sel.Codecs, q.Codecs), Ops: cmp.Or(o.sel.Ops, q.Ops), Fixtures: cmp.Or(o.sel.Fixtures, q.Fixtures)}
	}
	if !fs.Given("layouts") {
		o.layouts = o.rounds
	}
	return o, nil
}
