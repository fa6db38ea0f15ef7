package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/sync/errgroup"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

const attempts = 4 // runs of one count under valgrind before a crash is an error

type job struct { // one cell to count
	cell rawfmt.Cell
	sel  rawfmt.Selection // makes the benchmark binary's matrix hold cell
}

// plan returns the jobs of sel: the noop cell, then the matrix's cells in order.
// A codec cell's run selects its codec by name; a floor cell's keeps sel's codecs.
func plan(sel rawfmt.Selection) ([]job, error) {
	cells, _, err := jsoncost.Matrix(sel)
	if err != nil {
		return nil, err // it names the dimension and lists the valid names
	}
	if len(cells) == 0 {
		return nil, fmt.Errorf("the selection %s has no cell to count", sel)
	}
	jobs := []job{{cell: rawfmt.NoopCell, sel: sel}}
	for _, c := range cells {
		name := c.Name()
		cellSel := rawfmt.Selection{Codecs: sel.Codecs, Ops: regexp.QuoteMeta(name.Op), Fixtures: regexp.QuoteMeta(name.Fixture)}
		if !c.Floor() {
			cellSel.Codecs = regexp.QuoteMeta(name.Codec)
		}
		jobs = append(jobs, job{cell: name, sel: cellSel})
	}
	return jobs, nil
}

// run counts every cell of o's selection and writes the raw file.
func run(ctx context.Context, o options, stderr io.Writer) error {
	jobs, err := plan(o.sel)
	if err != nil {
		return err
	}
	version, err := valgrindVersion(ctx, o.valgrind)
	if err != nil {
		return err
	}
	// Without a symbol table or DWARF: valgrind reads them at every start,
	// a third of a second that the counts do not need.
	bin, tmp, err := runner.Build(ctx, o.bin, stderr, "-ldflags=-s -w")
	defer os.RemoveAll(tmp)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "native pass over %d cells (the correctness gate, estimates)…\n", len(jobs))
	native, err := runNative(ctx, bin, o.sel, jobs, stderr)
	if err != nil {
		return err
	}
	c := &counter{valgrind: o.valgrind, bin: bin, dir: tmp, stderr: stderr}
	_, probe, err := c.count(ctx, jobs[0], 1) // what the binary says of itself under valgrind
	if err != nil {
		return fmt.Errorf("running the benchmark binary under valgrind: %w", err)
	}

	m := &countMeter{c: c, jobs: jobs, native: native, o: o}
	return runner.WriteRawFile(o.results, rawfmt.KindInstr, stderr, func(w io.Writer, id string) error {
		if err := writeConfig(w, o, id, bin, version, probe); err != nil {
			return fmt.Errorf("writing the raw file: %w", err)
		}
		if err := runner.Rounds(ctx, m, 1, len(jobs), w, stderr); err != nil {
			return err
		}
		reportSpread(stderr, m.figures)
		return nil
	})
}

// A countMeter counts every job in its one round, parallel at a time, and writes
// the figures in the jobs' order.
type countMeter struct {
	c       *counter
	jobs    []job
	native  map[rawfmt.Cell]timing
	o       options   // its -parallel and -target
	figures []*figure // the round's, for reportSpread
}

func (m *countMeter) Round(ctx context.Context, _ int, out io.Writer, p *runner.Progress) error {
	var (
		r  rates
		mu sync.Mutex
	)
	m.figures = make([]*figure, len(m.jobs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(m.o.parallel)
	for i, j := range m.jobs {
		g.Go(func() error {
			if gctx.Err() != nil { // the first error stops every run
				return gctx.Err()
			}
			f, err := measure(gctx, m.c, &r, j, m.native[j.cell], int64(m.o.target))
			mu.Lock()
			defer mu.Unlock()
			m.figures[i] = &f
			p.Cell(j.cell.String())
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

// Configuration keys of instruction counts.
const (
	keyValgrind    = "valgrind"     // valgrind --version
	keyValgrindCPU = "valgrind-cpu" // the CPU valgrind presents to the program, whose code paths it chooses
	keyGODEBUG     = "godebug"
)

// writeConfig writes the raw file's header: the probe's cpu line, valgrind's
// choice, as valgrind-cpu beside the native cpu; last the unit metadata.
func writeConfig(w io.Writer, o options, id, bin, valgrind string, probe []benchfmt.Config) error {
	godebug, _ := strings.CutPrefix(runEnv[len(runEnv)-1], "GODEBUG=")
	mode := runinfo.Lines(keyGODEBUG, godebug, rawfmt.KeySelection, o.sel.String(), keyValgrind, valgrind)
	var self []benchfmt.Config
	for _, c := range probe {
		if c.Key == rawfmt.KeyCPU {
			self = append(self, runinfo.Lines(rawfmt.KeyCPU, runinfo.CPU(), keyValgrindCPU, string(c.Value))...)
		} else {
			self = append(self, c)
		}
	}
	err := runinfo.WriteHeader(w, runinfo.Header{
		Command: runinfo.CommandLine("./scripts/instr"), Machine: id, Binary: bin, Env: runEnv,
		Mode: mode, Codecs: codecs.All(), Probe: self,
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s %s %s\n", rawfmt.UnitMetadata, rawfmt.UnitInstr, rawfmt.AssumeExact)
	return err
}
