// Command instr is make bench-instr: it counts the instructions each selected
// cell executes per operation under valgrind's cachegrind, a figure that does
// not drift on a shared machine (README.md tells the method at length).
//
//	go run ./scripts/instr [-ops …] [-fixtures …] [-codecs …]
//
// It builds the benchmark binary and talks to it over its serve protocol
// (runner.Server). A native pass prepares the noop cell and each selected
// cell, which gates it (a refused cell stops the run), and times slices of it
// for its ns/op and B/op. Then each cell (two at a time) is counted
// under cachegrind, one process a count told to prepare the cell and run one
// slice of N1 or N2 = 11·N1 iterations, in runEnv; its figure is
// (I2 − I1)/(N2 − N1), so start-up, gate and warm-up cancel. N1 makes the
// slice execute about 10⁸ instructions, estimated from the native ns/op
// at the rate of the cells of its codec counted so far; N2 keeps the heap
// under 2 GiB. A process's count carries noise no N removes, so a cell is
// counted in two to five pairs of processes until two figures agree within
// 0.1%, and its figure is their median; a crashed run is run again, a refused
// cell never. The figures go, after a header that ends with what the binary
// says of itself under valgrind, to
// results/<machine-id>/raw/<UTC timestamp>-instr.txt, renamed into place only
// when every cell has its figure. Two counts are compared by make
// bench-instr-check, which is make compare of two instruction counts.
package main

import (
	"cmp"
	"context"
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

// options are the selection and what tests change: the flags set only the selection.
type options struct {
	sel      rawfmt.Selection
	parallel int    // cells counted at a time
	target   int    // instructions the N1 slice should execute
	valgrind string // the valgrind executable
	bin      string // a prebuilt benchmark binary; "" builds one
	results  string // the results directory
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	runner.Main("instr", err, syscall.SIGTERM, func(ctx context.Context) error { return run(ctx, o, os.Stderr) })
}

// parseFlags reads the command line; an empty -ops or -fixtures is the default.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{parallel: 2, target: 100_000_000, valgrind: defaultValgrind, results: "results"}
	fs := runner.NewFlags("instr")
	o.sel.RegisterFlags(fs.FlagSet)
	if err := fs.Parse(args, stderr); err != nil {
		return o, err
	}
	o.sel.Ops = cmp.Or(o.sel.Ops, defaultOps)
	o.sel.Fixtures = cmp.Or(o.sel.Fixtures, defaultFixtures)
	return o, nil
}
