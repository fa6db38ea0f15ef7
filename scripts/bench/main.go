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
	"context"
	"os"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

type options struct {
	sel       rawfmt.Selection
	quick     bool
	rounds    int
	benchtime string
	large     string // the benchtime of cells on large documents; "" uses benchtime
	// fieldsPasses is how many times a round runs the part of the fields-*
	// cells on small documents.
	fieldsPasses int
	seed         uint64 // the order seed; 0 draws a random one
	results      string // the results directory
	bin          string // a prebuilt benchmark binary; "" builds one
	noBase       bool   // a narrowed codec selection leaves out the base configuration
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	runner.Main("bench", err, syscall.SIGKILL, func(ctx context.Context) error { return run(ctx, o, os.Stderr) })
}
