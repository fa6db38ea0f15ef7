package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
)

// parseFlags reads the command line. A bad value is a one-line error
// naming the flag; -h prints the usage to stderr and returns flag.ErrHelp.
// An empty -ops or -fixtures selects the default.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{parallel: 2, target: 100_000_000, valgrind: defaultValgrind}
	fs := flag.NewFlagSet("instr", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var bad error // the first bad value, said better than the flag package does
	positive := func(name, usage string, set func(int64)) {
		fs.Func(name, usage, func(s string) error {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || n < 1 {
				err = errors.New("want a positive whole number")
				bad = cmp.Or(bad, fmt.Errorf("-%s %q: %w", name, s, err))
				return err
			}
			set(n)
			return nil
		})
	}
	o.sel.RegisterFlags(fs, "")
	positive("parallel", "cells counted at a time (default 2)", func(n int64) { o.parallel = int(n) })
	positive("target", "instructions the smaller run of a cell should execute in its loop (default 100000000)", func(n int64) { o.target = n })
	fs.StringVar(&o.valgrind, "valgrind", o.valgrind, "the valgrind executable (installed with apt-get when the default is missing and the runner is root)")
	fs.StringVar(&o.bin, "bin", "", "count this benchmark binary (go test -c of the root package) instead of building one")
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.BoolVar(&o.compare, "compare", false, "compare two instr raw files given as arguments: fail when the median relative difference exceeds 0.2% or any cell's exceeds 1%")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: instr [flags]\n       instr -compare A B")
			fs.PrintDefaults()
		}
		return o, cmp.Or(bad, err)
	}
	o.args = fs.Args()
	switch {
	case o.compare && len(o.args) != 2:
		return o, errors.New("-compare takes two raw files")
	case !o.compare && len(o.args) > 0:
		return o, fmt.Errorf("unexpected argument %q", o.args[0])
	}
	o.sel.Ops = cmp.Or(o.sel.Ops, defaultOps)
	o.sel.Fixtures = cmp.Or(o.sel.Fixtures, defaultFixtures)
	return o, nil
}
