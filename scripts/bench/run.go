package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// run runs the rounds of o and writes the raw file, reporting progress, skips
// and failures to stderr.
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
	bin, dir, err := runner.Build(ctx, o.bin, stderr)
	defer os.RemoveAll(dir)
	if err != nil {
		return err
	}
	parts := split(cells, o.sel, o.benchtime, o.large, o.fieldsPasses)
	t := &runner.Timer{Bin: runner.Binary{Path: bin, Stderr: stderr}, Runs: runs(parts, o.seed)}
	kind, perRun := rawfmt.MatrixKind(o.quick, !o.sel.IsZero()), 1
	if o.builds != nil {
		want := map[rawfmt.Cell]bool{}
		for _, p := range parts {
			maps.Copy(want, p.want)
		}
		if err := compile(ctx, o.builds, o.sel, want, dir, stderr); err != nil {
			return err
		}
		each := t.Runs
		t.Runs = func(round int) []runner.Round { return buildRuns(each(round), o.builds, o.seed, round) }
		t.ConfigOf, kind, perRun = map[string][]string{}, rawfmt.KindUpgrade, len(o.builds)
	}
	return runner.WriteRawFile(o.results, kind, stderr, func(w io.Writer, id string) error {
		var raw bytes.Buffer
		if err := runner.Rounds(ctx, t, o.rounds, perRound(parts)*perRun, &raw, stderr); err != nil {
			return err
		}
		probe := runner.Probe(t.Config)
		if o.builds != nil { // the engines differ by build: each build's line records its own
			probe = slices.DeleteFunc(probe, func(c benchfmt.Config) bool {
				return c.Key == rawfmt.KeySonicEngine || c.Key == rawfmt.KeyStdEngine || c.Key == rawfmt.KeyRace
			})
		}
		if err := writeConfig(w, o, id, bin, probe, buildLines(o.builds, t.ConfigOf)); err != nil {
			return err
		}
		if _, err := raw.WriteTo(w); err != nil {
			return fmt.Errorf("writing the raw file: %w", err)
		}
		return nil
	})
}

// withBase adds the base configuration to a narrowed codec selection (one
// Matrix accepted) that lacks it, unless o.noBase, and reports whether it did.
func withBase(o *options) bool {
	cs, _ := codecs.Select(o.sel.Codecs)
	if o.noBase || o.sel.Codecs == "" || slices.ContainsFunc(cs, func(c *codecs.Codec) bool { return c.Name == rawfmt.Base }) {
		return false
	}
	o.sel.Codecs += "," + regexp.QuoteMeta(rawfmt.Base)
	return true
}

type lockedWriter struct { // serializes writes to w
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// writeConfig writes the raw file's header with the run's affinity, rounds,
// benchtimes, order seed and a narrowed selection.
func writeConfig(w io.Writer, o options, id, bin string, header, builds []benchfmt.Config) error {
	var mode []benchfmt.Config
	if cpus, narrowed := affinity(); narrowed {
		mode = runinfo.Lines(rawfmt.KeyAffinity, cpus)
	}
	mode = append(mode, runinfo.Lines(rawfmt.KeyRounds, strconv.Itoa(o.rounds), rawfmt.KeyBenchtime, o.benchtime)...)
	if o.large != "" {
		mode = append(mode, runinfo.Line(rawfmt.KeyBenchtimeLarge, fmt.Sprintf("%s for documents of %d values or more", o.large, slowFields)))
	}
	mode = append(mode, runinfo.Lines(rawfmt.KeyFieldsPasses, strconv.Itoa(o.fieldsPasses), rawfmt.KeyOrderSeed, strconv.FormatUint(o.seed, 10))...)
	if !o.sel.IsZero() {
		mode = append(mode, runinfo.Line(rawfmt.KeySelection, o.sel.String()))
	}
	mode = append(mode, builds...)
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

// noCells says why a selection has nothing to run: its skip reasons, each once.
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
