// Command doc is make bench-doc: the whole comparison for a user's own
// document and the fields their client uses.
//
//	go run ./scripts/doc -doc orders.json -fields id,title,price.amount [-qps 2000] [-per-request 10] [-rounds 30]
//
// It reads the document (one JSON object, an array of objects or objects
// one a line; every object is a sample, compacted for the benchmark),
// infers its Go type from all the samples (package gen/infer), checks the
// fields against it and projects it to them (package internal/doc/fields),
// and writes a throwaway module outside the repository with both types,
// easyjson's code for them and the samples (package internal/doc/tempmod).
// Its test binary checks every cell, codec × operation, with the
// correctness gate (package internal/doc/harness); cells that pass are then
// timed in interleaved rounds. The raw benchfmt output, with its
// configuration lines, is read back like any raw file (package
// internal/report/load) and turned into a page (package internal/doc/page)
// that is printed and saved, with the raw file, under
// results/<machine-id>/doc-<name>/.
//
// Bad input is a one-line error and nothing is written; so is a run that
// fails or is interrupted, which exits 130. The module is removed on the
// way out.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench-doc:", err)
		os.Exit(2)
	}
	if err := run(ctx, o, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench-doc:", err)
		if ctx.Err() != nil {
			os.Exit(130)
		}
		os.Exit(1)
	}
}

// errInterrupted starts the error of a run stopped by a signal.
var errInterrupted = errors.New("interrupted")

// run measures the document of o, printing the page to stdout and
// progress to stderr. Stopped by ctx, it returns errInterrupted.
func run(ctx context.Context, o options, stdout, stderr io.Writer) (err error) {
	defer func() {
		if err != nil && ctx.Err() != nil && !errors.Is(err, errInterrupted) {
			err = fmt.Errorf("%w; nothing written", errInterrupted)
		}
	}()
	d, err := readDocument(o, stderr)
	if err != nil {
		return err
	}
	m, err := build(ctx, d, stderr)
	if err != nil {
		return err
	}
	defer m.Remove()
	b := binary{path: m.bin, stderr: stderr}
	failures, passed, err := b.gate(ctx)
	if err != nil {
		return err
	}
	reportGate(stderr, failures, passed)
	if passed == 0 {
		return errors.New("no cell passed the correctness gate; nothing to time")
	}
	out, err := b.rounds(ctx, o, failures, passed)
	if err != nil {
		return err
	}
	return save(o, d, out, failures, m.module.Dir, m.bin, stdout, stderr)
}
