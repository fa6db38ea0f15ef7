package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

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
	name := rawfmt.NewRawName(time.Now(), rawfmt.MatrixKind(o.quick, !o.sel.IsZero()))

	bin, dir, err := runner.Build(ctx, o.bin, stderr)
	defer os.RemoveAll(dir)
	if err != nil {
		return err
	}
	b := runner.Binary{Path: bin, Args: o.sel.Args(rawfmt.BinaryFlagPrefix), Stderr: stderr}
	header, err := b.Probe(ctx)
	if err != nil {
		return err
	}
	id := rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, runinfo.CPU())
	path := filepath.Join(o.results, id, "raw", name.String())
	parts := split(cells, o.sel, o.benchtime, o.large, o.fieldsPasses)
	b.Args = nil // each part selects its own cells
	m := &timer{bin: b, parts: parts, seed: o.seed}
	err = runner.WriteRaw(path, false, stderr, func(w io.Writer) error {
		if err := writeConfig(w, o, id, bin, header); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
		return runner.Rounds(ctx, m, o.rounds, perRound(parts), w, stderr)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", path)
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

// writeConfig writes the configuration lines that make a raw file
// reproducible (see runinfo.Header): the common ones of the binary at bin,
// then the run's affinity, rounds, benchtimes, order seed and a narrowed
// selection, every codec, and header, the lines the benchmark binary
// printed (goos, goarch, pkg, cpu, sonic-engine, race).
func writeConfig(w io.Writer, o options, id, bin string, header []benchfmt.Config) error {
	var mode []benchfmt.Config
	line := func(key, value string) { mode = append(mode, runinfo.Line(key, value)) }
	if cpus, narrowed := affinity(); narrowed {
		line(rawfmt.KeyAffinity, cpus)
	}
	line(rawfmt.KeyRounds, strconv.Itoa(o.rounds))
	line(rawfmt.KeyBenchtime, o.benchtime)
	if o.large != "" {
		line(rawfmt.KeyBenchtimeLarge, fmt.Sprintf("%s for documents of %d values or more", o.large, slowFields))
	}
	line(rawfmt.KeyFieldsPasses, strconv.Itoa(o.fieldsPasses))
	line(rawfmt.KeyOrderSeed, strconv.FormatUint(o.seed, 10))
	if !o.sel.IsZero() {
		line(rawfmt.KeySelection, o.sel.String())
	}
	return runinfo.WriteHeader(w, runinfo.Header{
		Command: runinfo.CommandLine("./scripts/bench"), Machine: id, Binary: bin,
		Mode: mode, Codecs: codecs.All(), Probe: header,
	})
}

// summarizeSkips prints how many combinations were left out, by reason.
func summarizeSkips(w io.Writer, skipped []jsoncost.Skip) {
	if len(skipped) == 0 {
		return
	}
	count := map[string]int{}
	for _, s := range skipped {
		count[s.Reason]++
	}
	fmt.Fprintf(w, "skipping %d unsupported combinations:\n", len(skipped))
	for _, r := range slices.Sorted(maps.Keys(count)) {
		fmt.Fprintf(w, "  %4d  %s\n", count[r], r)
	}
}

// noCells says why a selection has nothing to run: the reasons its
// combinations were skipped, each once.
func noCells(skipped []jsoncost.Skip) error {
	var reasons []string
	for _, s := range skipped {
		if !slices.Contains(reasons, s.Reason) {
			reasons = append(reasons, s.Reason)
		}
	}
	if len(reasons) == 0 {
		return errors.New("no cells to run")
	}
	return fmt.Errorf("no cells to run: %s", strings.Join(reasons, "; "))
}
