package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// parseFlags reads the command line. A bad value is a one-line error
// naming the flag; -h prints the usage to stderr and returns flag.ErrHelp.
// With -quick, the quick subset's operations and fixtures, 3 rounds and one
// pass of the fields-* cells are the defaults, and -ops, -fixtures, -rounds
// and -fields-passes still override them.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{rounds: 20, benchtime: "10ms", large: "10x", fieldsPasses: 2}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var bad error // the first bad value, said better than the flag package does
	value := func(name, usage string, set func(string) error) {
		fs.Func(name, usage, func(s string) error {
			err := set(s)
			if err != nil && bad == nil {
				bad = fmt.Errorf("-%s %q: %w", name, s, err)
			}
			return err
		})
	}
	o.sel.RegisterFlags(fs, "")
	fs.BoolVar(&o.quick, "quick", false, "run the quick subset in 3 rounds, the fields-* cells once a round: "+jsoncost.QuickSelection.String())
	value("rounds", "`n` rounds over the whole matrix (default 20, 3 with -quick)", func(s string) (err error) {
		o.rounds, err = positive(s)
		return err
	})
	value("benchtime", "go test -benchtime per cell and round: a `duration` or a count such as 100x (default 10ms)", func(s string) error {
		o.benchtime = s
		return runner.CheckBenchtime(s)
	})
	value("large-benchtime", "-benchtime of the cells on documents of 2000 values or more, so that each sample holds enough iterations: a count such as 10x, a `duration`, or \"\" for -benchtime (default 10x)", func(s string) error {
		if o.large = s; s == "" {
			return nil
		}
		return runner.CheckBenchtime(s)
	})
	value(rawfmt.KeyFieldsPasses, "`n` samples per round of each fields-* cell, each from its own run of the binary at its own place in the round: the sweep the cost model is fitted on (default 2)", func(s string) (err error) {
		o.fieldsPasses, err = positive(s)
		return err
	})
	value(rawfmt.KeyOrderSeed, "replay the cell order of the run that recorded this `seed` as its "+rawfmt.KeyOrderSeed+" (default random)", func(s string) (err error) {
		if o.seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return errors.New("not a number")
		}
		return nil
	})
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.BoolVar(&o.noBase, "no-base", false, "with -codecs, leave out "+rawfmt.Base+" unless selected (by default it is added: every ratio is against it)")
	fs.StringVar(&o.bin, "bin", "", "run this benchmark binary (go test -c of the root package) instead of building one")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fs.Usage()
		}
		return o, cmp.Or(bad, err)
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if o.quick {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["rounds"] {
			o.rounds = 3
		}
		if !set[rawfmt.KeyFieldsPasses] {
			o.fieldsPasses = 1
		}
		q := jsoncost.QuickSelection
		o.sel = rawfmt.Selection{
			Codecs:   cmp.Or(o.sel.Codecs, q.Codecs),
			Ops:      cmp.Or(o.sel.Ops, q.Ops),
			Fixtures: cmp.Or(o.sel.Fixtures, q.Fixtures),
		}
	}
	return o, nil
}

func positive(s string) (int, error) {
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return 0, errors.New("not a number")
	case n < 1:
		return 0, errors.New("need at least 1")
	}
	return n, nil
}
