// Command bench is the runner behind make bench: it builds the benchmark
// binary once (go test -c of the root package), asks it which CPU it runs
// on, runs the selected matrix in interleaved rounds (each round -count 1
// over every cell, in an order drawn from a random seed and the round), and
// writes the raw benchfmt output, preceded by the configuration lines that
// make it reproducible, to results/<machine-id>/raw/<UTC timestamp>[-kind].txt.
// The format's names all come from package internal/rawfmt.
//
// Output goes to a hidden partial file beside its destination, locked while
// the run lives, and is renamed into place only when every round completed
// and no cell failed the correctness gate, so an interrupted or failed run
// never leaves a result behind. The runner dies with the process that
// started it, and the benchmark binary with the runner; a later run removes
// the partial files and build directories of runs that are over.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	if err := dieWithParent(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	if err := run(ctx, o, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		if ctx.Err() != nil {
			os.Exit(130)
		}
		os.Exit(1)
	}
}

// run runs the rounds of o and writes the raw file, reporting progress,
// skips and failures to stderr.
func run(ctx context.Context, o options, stderr io.Writer) error {
	if _, ok := stderr.(*os.File); !ok {
		// The binary's stderr is copied to it while the runner writes.
		stderr = &lockedWriter{w: stderr}
	}
	cells, skipped, err := jsoncost.Matrix(o.sel)
	if err != nil {
		return err // it names the dimension and lists the valid names
	}
	if len(cells) == 0 {
		return noCells(skipped)
	}
	if withBase(&o) {
		fmt.Fprintf(stderr, "adding %s to the codecs: every ratio is against it (-no-base leaves it out)\n", rawfmt.Base)
		if cells, skipped, err = jsoncost.Matrix(o.sel); err != nil {
			return err
		}
	}
	summarizeSkips(stderr, skipped)
	for o.seed == 0 {
		o.seed = rand.Uint64()
	}
	kind := rawfmt.KindFull
	switch {
	case o.quick:
		kind = rawfmt.KindQuick
	case !o.sel.IsZero():
		kind = rawfmt.KindCustom
	}
	name := rawfmt.NewRawName(time.Now(), kind)

	bin := o.bin
	if bin == "" {
		dir, err := buildDir(stderr)
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if bin, err = build(ctx, dir, stderr); err != nil {
			return err
		}
	}
	b := binary{path: bin, sel: o.sel, seed: o.seed, benchtime: o.benchtime, stderr: stderr}
	header, cpu, err := b.probe(ctx)
	if err != nil {
		return err
	}
	id := rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, cpu)
	out, err := createRaw(filepath.Join(o.results, id, "raw"), name, stderr)
	if err != nil {
		return err
	}
	defer out.Close()
	if err := writeConfig(out, o, id, bin, header); err != nil {
		return fmt.Errorf("writing %s: %w", out.Name(), err)
	}

	parts := split(cells, o.sel, o.benchtime, o.large, o.fieldsPasses)
	p := runinfo.NewProgress(stderr, o.rounds, perRound(parts))
	pass := 0 // the binary's runs so far, which pick their permutations of the seed
	for r := 1; r <= o.rounds; r++ {
		var failed []rawfmt.Cell
		for _, part := range shuffled(parts, o.seed, r) {
			pass++
			if failed, err = b.with(part).round(ctx, pass, part.want, out, p); len(failed) > 0 || err != nil {
				break
			}
		}
		switch {
		case ctx.Err() != nil:
			return fmt.Errorf("interrupted in round %d; partial output kept in %s", r, out.Name())
		case len(failed) > 0:
			return fmt.Errorf("round %d: %d cells failed (not timed), see above: %s; partial output kept in %s",
				r, len(failed), joinCells(failed), out.Name())
		case err != nil:
			return fmt.Errorf("round %d: %w; partial output kept in %s", r, err, out.Name())
		}
	}
	p.Done()
	if err := out.commit(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", out.final)
	return nil
}

// withBase adds the base configuration to a narrowed codec selection that
// lacks it, unless o.noBase, and reports whether it did. The selection is
// one Matrix accepted.
func withBase(o *options) bool {
	if o.noBase || o.sel.Codecs == "" {
		return false
	}
	cs, _ := codecs.Select(o.sel.Codecs)
	for _, c := range cs {
		if c.Name == rawfmt.Base {
			return false
		}
	}
	o.sel.Codecs += "," + regexp.QuoteMeta(rawfmt.Base)
	return true
}

func joinCells(cells []rawfmt.Cell) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

// A lockedWriter serializes writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
