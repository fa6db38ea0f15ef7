package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"

	"github.com/jsoncost/jsoncost/internal/runner"
)

// parseFlags reads the command line. An empty -ops or -fixtures selects
// the default.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{parallel: 2, target: 100_000_000, valgrind: defaultValgrind}
	fs := runner.NewFlags("instr")
	fs.TakeArgs = true
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: instr [flags]\n       instr -compare A B")
		fs.PrintDefaults()
	}
	o.sel.RegisterFlags(fs.FlagSet, "")
	fs.Count("parallel", "cells counted at a time (default 2)", &o.parallel)
	fs.Count("target", "instructions the smaller run of a cell should execute in its loop (default 100000000)", &o.target)
	fs.StringVar(&o.valgrind, "valgrind", o.valgrind, "the valgrind executable (installed with apt-get when the default is missing and the runner is root)")
	fs.StringVar(&o.bin, "bin", "", "count this benchmark binary (go test -c of the root package) instead of building one")
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.BoolVar(&o.compare, "compare", false, "compare two instr raw files given as arguments: fail when the median relative difference exceeds 0.2% or any cell's exceeds 1%")
	if err := fs.Parse(args, stderr); err != nil {
		return o, err
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
