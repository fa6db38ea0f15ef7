// Command instr is the runner behind make bench-instr: it counts the
// instructions each selected cell of the matrix executes per operation,
// under valgrind's cachegrind, the figure that does not drift on a shared
// machine. By default it counts every fields-* fixture with decode-struct,
// decode-map and encode-struct, every codec configuration, the floor cell
// of each operation and fixture, and the harness's own noop cell.
//
//	go run ./scripts/instr [-ops …] [-fixtures …] [-codecs …] [-parallel n] [-target n] [-bin file]
//	go run ./scripts/instr -compare A B
//
// Data flows in four steps. The runner builds the benchmark binary once
// (go test -c of the root package). A native pass runs the selection
// briefly, three times: it is the correctness gate (a cell that fails stops
// the run before any counting), its cpu line names the machine, and each
// cell's fastest ns/op and its B/op give an estimate of the cell's
// instructions per operation. Then, in the one round of the runner's
// meter loop (runner.Rounds, with its progress), each cell (-parallel at a
// time, 2 by default: counts hardly depend on load; six busy loops beside a
// count that then took five times as long added 0.02%) runs under
// cachegrind at N1 and at N2 = 11·N1 iterations, with GOMAXPROCS=1, GOGC=off and
// GODEBUG=asyncpreemptoff=1,memprofilerate=0, and its figure is
// (I2 − I1)/(N2 − N1), where I is the program's whole instruction count:
// start-up, gate and warm-up execute the same instructions in both runs and
// cancel. Last, the figures are written as benchfmt, after configuration
// lines, to results/<machine-id>/raw/<UTC timestamp>-instr.txt.
//
// Each run selects exactly one cell: the selection flags name only its
// operation, fixture and codec, and the -test.bench pattern is anchored at
// every level of its name. So the noop cell, which the binary otherwise runs
// ahead of any selection at the same -benchtime (and which then would not
// cancel), never runs inside another cell's count; it is counted as a cell
// of its own, the harness's cost per iteration.
//
// N1 is chosen so that the N1 run's loop executes about -target
// instructions (10⁸), where small counts scatter by a percent (goccy
// decode-struct fields-0005 from 200x and 1200x: 3990 and 4045
// instructions/op; from 50000x and 300000x: 4042 to 4044). The estimate is
// the native ns/op times the instructions per ns of the cells of the same
// codec and operation counted so far; a cell whose N1 run falls short of
// half the target is counted again with N1 from its figure. GOGC=off keeps
// every allocation, so N2 is also held to what keeps the heap under 2 GiB.
//
// A process's count carries noise that no N removes: the runtime fills a
// type assertion's cache at random (about one miss in a thousand), so a
// process spends a random number of instructions before its caches settle,
// and each process hashes with its own seed (sonic's field tables) and lays
// out its heap its own way. Measured on
// jsoniter-std encode-struct fields-0020, counts at one N scatter by up to
// 7·10⁶ instructions from process to process, at 30000x and at 52500x
// alike. So the loop difference is large, 10·N1 iterations or about 10⁹
// instructions, and a cell is counted in pairs of runs, each pair a process
// at N1 and one at N2 and a figure of its own: at least two pairs, more
// until two figures agree within 0.1%, at most five, and the cell's figure
// is the median. A result line's iteration count is N2 − N1, the
// iterations one figure is the mean of.
//
// Go programs under valgrind now and then crash (a register dump and no
// benchmark line); such a run is told by its exit status, a missing
// cachegrind summary or a missing or short benchmark line, and run again, a
// bounded number of times. A cell that fails the correctness gate is never
// retried. Output goes to a hidden partial file that is renamed into place
// only when every cell has its figure; a run that fails or is interrupted
// leaves no file behind (package internal/runner).
//
// With -compare A B it instead reads two instr raw files and reports the
// median and the largest relative difference over the cells both hold,
// failing when the median exceeds 0.2% or any cell's exceeds 1% (the
// allocating copies of old runs count toward the median only).
package main

import (
	"context"
	"os"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// The default selection: the fields sweep with the three operations every
// full codec has.
const (
	defaultOps      = "decode-struct,decode-map,encode-struct"
	defaultFixtures = "fields-.*"
)

type options struct {
	sel      rawfmt.Selection
	parallel int    // cells counted at a time
	target   int64  // instructions the N1 run's loop should execute
	valgrind string // the valgrind executable
	bin      string // a prebuilt benchmark binary; "" builds one
	results  string // the results directory
	compare  bool   // compare two raw files (the arguments) instead
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
