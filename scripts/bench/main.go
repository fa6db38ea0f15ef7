// Command bench is the runner behind make bench: it builds the benchmark
// binary once, runs the selected matrix in interleaved rounds (each round
// -count 1 over every cell, in a fresh shuffled order), and writes the raw
// benchfmt output, preceded by the configuration lines that make it
// reproducible, to results/<machine-id>/raw/<UTC timestamp>.txt.
//
// Output goes to a hidden .partial file beside its destination and is
// renamed into place only when every round completed, so an interrupted or
// failed run never leaves a half-written result behind.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/jsoncost/jsoncost"
)

type options struct {
	sel       jsoncost.Selection
	quick     bool
	rounds    int
	benchtime string
	results   string
}

func main() {
	var o options
	flag.StringVar(&o.sel.Codecs, "codecs", "", "codecs: comma-separated names or patterns (default all)")
	flag.StringVar(&o.sel.Ops, "ops", "", "operations: comma-separated names or patterns (default all)")
	flag.StringVar(&o.sel.Fixtures, "fixtures", "", "fixtures: comma-separated names or patterns (default all)")
	flag.BoolVar(&o.quick, "quick", false, "run the quick subset (fields-0005/0050/0500, es-hits-10, three operations)")
	flag.IntVar(&o.rounds, "rounds", 6, "rounds over the whole matrix")
	flag.StringVar(&o.benchtime, "benchtime", "40ms", "go test -benchtime per cell and round")
	flag.StringVar(&o.results, "results", "results", "results directory")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		if errors.Is(err, context.Canceled) {
			os.Exit(130)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	if o.rounds < 1 {
		return fmt.Errorf("-rounds %d: need at least 1", o.rounds)
	}
	if _, err := time.ParseDuration(o.benchtime); err != nil {
		return fmt.Errorf("-benchtime %q: %v", o.benchtime, err)
	}
	kind := ""
	switch {
	case o.quick:
		o.sel.Ops = or(o.sel.Ops, jsoncost.QuickSelection.Ops)
		o.sel.Fixtures = or(o.sel.Fixtures, jsoncost.QuickSelection.Fixtures)
		kind = "-quick"
	case o.sel != jsoncost.Selection{}:
		kind = "-custom"
	}
	cells, skipped, err := jsoncost.Matrix(o.sel)
	if err != nil {
		return err
	}
	if len(cells) == 0 {
		return fmt.Errorf("the selection has no cells to run")
	}
	summarizeSkips(os.Stderr, skipped)

	tmp, err := os.MkdirTemp("", "jsoncost-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "jsoncost.test")
	fmt.Fprintf(os.Stderr, "building the benchmark binary…\n")
	if out, err := exec.CommandContext(ctx, "go", "test", "-c", "-o", bin, "github.com/jsoncost/jsoncost").CombinedOutput(); err != nil {
		return fmt.Errorf("building the benchmark binary: %w\n%s", err, out)
	}

	id := machineID()
	dir := filepath.Join(o.results, id, "raw")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	stamp := time.Now().UTC().Format("20060102T150405Z")
	final := filepath.Join(dir, stamp+kind+".txt")
	partial := filepath.Join(dir, "."+stamp+kind+".txt.partial")
	out, err := os.Create(partial)
	if err != nil {
		return err
	}
	defer out.Close()
	if err := writeConfig(out, o, id); err != nil {
		return err
	}

	p := newProgress(os.Stderr, o.rounds, len(cells))
	var failed []string
	for r := 1; r <= o.rounds; r++ {
		f, err := runRound(ctx, bin, o, r, out, p)
		failed = append(failed, f...)
		if err != nil {
			out.Close()
			return fmt.Errorf("round %d: %w; partial output kept in %s", r, err, partial)
		}
	}
	p.done()
	if err := out.Close(); err != nil {
		return err
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d cells failed (not timed):\n  %s\npartial output kept in %s", len(failed), joinLines(failed), partial)
	}
	if err := os.Rename(partial, final); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s\n", final)
	return nil
}

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}
