package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// plan returns the cells of sel to count: the noop cell, then the matrix's
// cells in order.
func plan(sel rawfmt.Selection) ([]rawfmt.Cell, error) {
	cells, _, err := jsoncost.Matrix(codecs.All(), sel)
	if err != nil {
		return nil, err // it names the dimension and lists the valid names
	}
	if len(cells) == 0 {
		return nil, fmt.Errorf("the selection %s has no cell to count", sel)
	}
	names := []rawfmt.Cell{jsoncost.NoopCell().Name()}
	for _, c := range cells {
		names = append(names, c.Name())
	}
	return names, nil
}

// run counts every cell of o's selection and writes the raw file.
func run(ctx context.Context, o options, stderr io.Writer) error {
	cells, err := plan(o.sel)
	if err != nil {
		return err
	}
	version, err := valgrindVersion(ctx, o.valgrind)
	if err != nil {
		return err
	}
	dir, err := runner.BuildDir(stderr)
	defer os.RemoveAll(dir)
	if err != nil {
		return err
	}
	bin, err := build(ctx, o.bin, dir, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "native pass over %d cells (the correctness gate, estimates)…\n", len(cells))
	native, err := runNative(ctx, runner.Binary{Path: bin, Env: runEnv, Stderr: stderr}, cells)
	if err != nil {
		return err
	}
	c := &counter{valgrind: o.valgrind, bin: bin, dir: dir, stderr: stderr}
	self, err := c.info(ctx)
	if err != nil {
		return fmt.Errorf("running the benchmark binary under valgrind: %w", err)
	}

	m := &countMeter{c: c, cells: cells, native: native, o: o}
	_, err = runner.WriteRawFile(o.results, rawfmt.KindInstr, stderr, func(w io.Writer, id string) error {
		if err := writeConfig(w, o, id, version, self); err != nil {
			return fmt.Errorf("writing the raw file: %w", err)
		}
		if err := runner.Rounds(ctx, m, 1, len(cells), w, stderr); err != nil {
			return err
		}
		reportSpread(stderr, m.figures)
		return nil
	})
	return err
}

// build returns the benchmark binary to count: bin when given, else one it
// builds into dir.
func build(ctx context.Context, bin, dir string, stderr io.Writer) (string, error) {
	if bin != "" {
		return bin, nil
	}
	fmt.Fprintln(stderr, "building the benchmark binary…")
	bin = filepath.Join(dir, "jsoncost.test")
	// Without a symbol table or DWARF: valgrind reads them at every start,
	// a third of a second that the counts do not need.
	return bin, runner.Compile(ctx, bin, runner.Package, nil, "-ldflags=-s -w")
}

// A countMeter counts every cell in its one round, parallel at a time, and
// writes the figures in the cells' order.
type countMeter struct {
	c       *counter
	cells   []rawfmt.Cell
	native  map[rawfmt.Cell]timing
	o       options   // its -parallel and -target
	figures []*figure // the round's, for reportSpread
}

func (m *countMeter) Round(ctx context.Context, _ int, out io.Writer, p *runner.Progress) error {
	var (
		r  rates
		mu sync.Mutex
	)
	m.figures = make([]*figure, len(m.cells))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(m.o.parallel)
	for i, cell := range m.cells {
		g.Go(func() error {
			if gctx.Err() != nil { // the first error stops every run
				return gctx.Err()
			}
			f, err := measure(gctx, m.c, &r, cell, m.native[cell], m.o.target)
			mu.Lock()
			defer mu.Unlock()
			m.figures[i] = &f
			p.Cell(cell.String())
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for _, f := range m.figures {
		// named with go test's GOMAXPROCS suffix
		if _, err := fmt.Fprintf(out, "%s-1\t%d\t%.1f %s\n", f.cell.Name(), (ratio-1)*f.n1, f.perOp, rawfmt.UnitInstr); err != nil {
			return fmt.Errorf("writing the raw file: %w", err)
		}
	}
	return nil
}

// reportSpread says how many figures took more than two pairs of runs and lists
// the widest, their pairs' figures in the order counted.
func reportSpread(w io.Writer, figures []*figure) {
	var more []*figure
	for _, f := range figures {
		if len(f.pairs) > 2 {
			more = append(more, f)
		}
	}
	fmt.Fprintf(w, "%d of the %d figures took more than two pairs of runs\n", len(more), len(figures))
	slices.SortStableFunc(more, func(a, b *figure) int { return cmp.Compare(b.spread(), a.spread()) })
	for _, f := range more[:min(len(more), 10)] {
		pairs := make([]string, len(f.pairs))
		for i, p := range f.pairs {
			pairs[i] = strconv.FormatFloat(p, 'f', 1, 64)
		}
		fmt.Fprintf(w, "  %s: %.1f, the median of %s (spread %.2f%%)\n", f.cell, f.perOp, strings.Join(pairs, ", "), 100*f.spread())
	}
}

// keyValgrind is the configuration key of valgrind --version.
const keyValgrind = "valgrind"

// writeConfig writes the raw file's header, runEnv's GODEBUG among the
// runtime settings and what the binary says of itself under valgrind (self)
// last, then the unit metadata.
func writeConfig(w io.Writer, o options, id, valgrind string, self []string) error {
	err := runinfo.WriteHeader(w, runinfo.Header{
		Command: runinfo.CommandLine("./scripts/instr"), Machine: id, Env: runEnv,
		Mode: runinfo.Lines(rawfmt.KeySelection, o.sel.String(), keyValgrind, valgrind),
		Self: self,
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s %s %s\n", rawfmt.UnitMetadata, rawfmt.UnitInstr, rawfmt.AssumeExact)
	return err
}
