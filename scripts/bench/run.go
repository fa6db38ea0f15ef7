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
	"github.com/jsoncost/jsoncost/codecs/probes"
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
	groups, added, skipped, err := withBases(o.sel, o.noBase)
	if err != nil {
		return err // it names the dimension and lists the valid names
	}
	if len(groups[0].cells) == 0 {
		return noCells(skipped)
	}
	if len(added) > 0 {
		fmt.Fprintf(stderr, "adding %s to the codecs: each operation's ratios are against its base (-no-base leaves them out)\n", strings.Join(added, ", "))
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
	var parts []part
	for _, g := range groups {
		parts = append(parts, split(g.cells, g.sel, o.benchtime, o.large, o.fieldsPasses)...)
	}
	t := &runner.Timer{Bin: runner.Binary{Path: bin, Stderr: stderr}, Runs: runs(parts, o.seed)}
	kind, perRun := rawfmt.MatrixKind(o.quick, !o.sel.IsZero()), 1
	o.sel = groups[0].sel // with the base that joined it
	if o.builds != nil {
		if err := compile(ctx, o.builds, o.sel, parts, dir, stderr); err != nil {
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
		if err := writeConfig(w, o, groups, id, bin, probe, buildLines(o.builds, t.ConfigOf)); err != nil {
			return err
		}
		if _, err := raw.WriteTo(w); err != nil {
			return fmt.Errorf("writing the raw file: %w", err)
		}
		return nil
	})
}

// bases are the configurations a narrowed run is read against: an
// operation's base is the first of them that has it.
var bases = []string{rawfmt.Base, probes.V2Reference}

// A group is cells of a run and the selection that gives the benchmark binary them.
type group struct {
	sel   rawfmt.Selection
	cells []jsoncost.Cell
}

// withBases returns sel's cells and, for a narrowed codec selection unless
// noBase, the cells of the base of each operation its codecs run that it
// lacks, with a line for each base added, naming its operations, and the
// combinations left out. The first base joins sel, narrowed to the
// operations sel's codecs run; another gets a group of its own, only its
// operations on sel's fixtures. Its operations have no floor cell (get5,
// json-v2's, has none), so no cell is in two groups.
func withBases(sel rawfmt.Selection, noBase bool) (groups []group, added []string, skipped []jsoncost.Skip, err error) {
	cells, skipped, err := jsoncost.Matrix(sel)
	if err != nil {
		return nil, nil, nil, err
	}
	groups = []group{{sel, cells}}
	selected, _ := codecs.Select(sel.Codecs) // Matrix accepted it
	if noBase || sel.Codecs == "" {
		return groups, nil, skipped, nil
	}
	var ran []string // the operations sel's codecs run
	baseOf := map[string][]string{}
	for _, op := range codecs.Ops {
		if !slices.ContainsFunc(cells, func(c jsoncost.Cell) bool { return c.Op == op && !c.Floor() }) {
			continue
		}
		ran = append(ran, string(op))
		for _, name := range bases {
			if b, err := codecs.Lookup(name); err == nil && b.Supports(op) { // a build may lack json-v2
				if !slices.Contains(selected, b) {
					baseOf[name] = append(baseOf[name], string(op))
				}
				break
			}
		}
	}
	for i, name := range bases {
		ops := baseOf[name]
		if len(ops) == 0 {
			continue
		}
		added = append(added, fmt.Sprintf("%s (the base of %s)", name, strings.Join(ops, ", ")))
		if i == 0 { // the same cells of sel's codecs, and the base's on their operations only
			groups[0].sel.Codecs += "," + regexp.QuoteMeta(name)
			groups[0].sel.Ops = strings.Join(ran, ",")
		} else {
			groups = append(groups, group{sel: rawfmt.Selection{Codecs: regexp.QuoteMeta(name), Ops: strings.Join(ops, ","), Fixtures: sel.Fixtures}})
		}
	}
	for i := range groups {
		var more []jsoncost.Skip
		if groups[i].cells, more, err = jsoncost.Matrix(groups[i].sel); err != nil {
			return nil, nil, nil, err
		}
		if i > 0 {
			skipped = append(skipped, more...)
		} else {
			skipped = more
		}
	}
	return groups, added, skipped, nil
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
// benchtimes, order seed and a narrowed selection, each group's joined by +.
func writeConfig(w io.Writer, o options, groups []group, id, bin string, header, builds []benchfmt.Config) error {
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
		sels := make([]string, len(groups))
		for i, g := range groups {
			sels[i] = g.sel.String()
		}
		mode = append(mode, runinfo.Line(rawfmt.KeySelection, strings.Join(sels, " + ")))
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
