// Command instr is make bench-instr: it counts the instructions each selected
// cell executes per operation under valgrind's cachegrind, a figure that does
// not drift on a shared machine. By default it counts every fields-* fixture
// with decode-struct, decode-map and encode-struct, every codec configuration,
// the floor cells and the noop cell.
//
//	go run ./scripts/instr [-ops …] [-fixtures …] [-codecs …] [-parallel n] [-target n] [-bin file]
//	go run ./scripts/instr -compare A B
//
// It builds the benchmark binary (package internal/runner) and runs the
// selection natively three times for 10ms: the correctness gate (a failing cell
// stops the run before any counting), the cpu line that names the machine, and
// from each cell's fastest ns/op and B/op an estimate of its instructions per
// operation. Then each cell (-parallel at a time) runs under cachegrind at N1
// and N2 = 11·N1 iterations with GOMAXPROCS=1, GOGC=off and
// GODEBUG=asyncpreemptoff=1,memprofilerate=0; its figure is (I2 − I1)/(N2 − N1)
// of the whole program's counts, so start-up, gate and warm-up cancel. Each run
// selects one cell, so the noop cell is never inside another's count.
//
// N1 makes its loop execute about -target instructions (10⁸), estimated from
// the native ns/op at the instructions per ns of the same codec and operation's
// cells counted so far; a cell short of half the target is counted again with
// N1 from its figure, and N2 keeps the heap under 2 GiB. A process's count
// carries noise no N removes (type-assertion caches, hash seeds, heap layout:
// up to 7·10⁶ instructions), so a cell is counted in pairs of processes, two to
// five until two figures agree within 0.1%, and its figure is their median. A
// result's iteration count is N2 − N1. A run under valgrind that crashes or
// prints no full benchmark line is run again a few times; a gate failure never
// is. The figures go to results/<machine-id>/raw/<UTC timestamp>-instr.txt,
// renamed into place only when every cell has its figure.
//
// With -compare A B it reports the median and largest relative difference of
// two instr raw files over the cells both hold, failing when the median exceeds
// 0.2% or any cell's 1% (old runs' allocating copies count toward the median only).
package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// The default selection: the fields sweep with every full codec's operations.
const (
	defaultOps      = "decode-struct,decode-map,encode-struct"
	defaultFixtures = "fields-.*"
)

type options struct {
	sel      rawfmt.Selection
	parallel int    // cells counted at a time
	target   int    // instructions the N1 run's loop should execute
	valgrind string // the valgrind executable
	bin      string // a prebuilt benchmark binary; "" builds one
	results  string // the results directory
	compare  bool   // compare the two raw files of args instead
	args     []string
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	runner.Main("instr", err, syscall.SIGTERM, func(ctx context.Context) error {
		if o.compare {
			return compareFiles(os.Stdout, o.args[0], o.args[1])
		}
		return run(ctx, o, os.Stderr)
	})
}

// parseFlags reads the command line; an empty -ops or -fixtures is the default.
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
	fs.StringVar(&o.valgrind, "valgrind", o.valgrind, "the valgrind executable, valgrind 3 with cachegrind (apt-get install -y valgrind)")
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
