package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/meter"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/render"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// run runs the rounds of o and writes the raw file, reporting progress, skips
// and failures to stderr.
func run(ctx context.Context, o options, stderr io.Writer) error {
	stderr = runner.Locked(stderr)
	if o.codecs == nil {
		o.codecs = codecs.All()
	}
	p, err := newPlan(o.codecs, o.sel)
	if err != nil {
		return err
	}
	p.say(stderr)
	for o.seed == 0 {
		o.seed = rand.Uint64()
	}
	dir, err := runner.BuildDir(stderr)
	defer os.RemoveAll(dir)
	if err != nil {
		return err
	}
	bs := o.builds
	if bs == nil {
		bs = []build{{}}
	}
	m := &meter.Meter{Blocks: p.blocks, Sizes: p.sizes, Warn: stderr, O: o.meter()}
	seeds := runner.LayoutSeeds(o.seed, o.layouts)
	for i := range bs {
		mb, err := compile(ctx, &bs[i], seeds, dir, stderr, o.bins)
		if err != nil {
			return err
		}
		m.Builds = append(m.Builds, mb)
	}
	self, err := describe(ctx, bs, m.Builds)
	if err != nil {
		return err
	}
	kind := rawfmt.MatrixKind(o.quick, !o.sel.IsZero())
	if o.noise {
		m.Neighbour = func(r int) bool { return r%2 == 0 }
		kind = rawfmt.KindNoise
	}
	if o.builds != nil {
		m.Blocks = upgradePlan(bs, p)
		kind = rawfmt.KindUpgrade
	}
	path, err := runner.WriteRawFile(o.results, kind, stderr, func(w io.Writer, id string) error {
		var raw bytes.Buffer
		if err := runner.Rounds(ctx, m, o.rounds, m.Cells(), &raw, stderr); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "time spent: %s\n", m.Spent)
		if err := writeConfig(w, o, id, seeds, self, buildLines(bs)); err != nil {
			return err
		}
		if _, err := raw.WriteTo(w); err != nil {
			return fmt.Errorf("writing the raw file: %w", err)
		}
		return nil
	})
	if err != nil || !o.noise {
		return err
	}
	return sayNoise(path, stderr)
}

// sayNoise prints how far the busy neighbour moved the figures of the
// noise run at path: its rounds beside the neighbour against those without.
func sayNoise(path string, w io.Writer) error {
	name, err := rawfmt.ParseRawName(filepath.Base(path))
	if err != nil {
		return err
	}
	r, err := load.Load(load.Raw{Path: path, File: filepath.Base(path), Name: name})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nthe rounds beside a busy neighbour (on) against those without (off):\n")
	return render.NoiseMatch(w, r)
}

// compile builds b's binary once per layout seed into dir (runner.Layouts),
// a named build's from its own copy of go.mod. Prebuilt binaries, one per
// seed, take their place.
func compile(ctx context.Context, b *build, seeds []int64, dir string, stderr io.Writer, prebuilt []string) (meter.Build, error) {
	mb := meter.Build{Name: b.name, Seeds: seeds, Layouts: make([]runner.Binary, len(seeds))}
	if prebuilt != nil {
		for i := range mb.Layouts {
			mb.Layouts[i] = runner.Binary{Path: prebuilt[i%len(prebuilt)], Stderr: stderr}
		}
		return mb, nil
	}
	what := "the benchmark binary"
	if b.name != "" {
		what += " with " + b.name
		if err := b.writeModFile(dir); err != nil {
			return mb, err
		}
	}
	fmt.Fprintf(stderr, "building %s in %d link layouts…\n", what, len(seeds))
	return mb, runner.Layouts(len(seeds), func(i int) error {
		path := filepath.Join(dir, fmt.Sprintf("%s%d.test", b.file(), seeds[i]))
		mb.Layouts[i] = runner.Binary{Path: path, Stderr: stderr}
		// A build of another toolchain builds the module from a copy of go.mod whose go line
		// names its own Go version (the code keeps to what the oldest build compiles).
		flags := []string{"-ldflags=-randlayout=" + strconv.FormatInt(seeds[i], 10)}
		if b.modFile != "" {
			flags = append(flags, "-modfile="+b.modFile)
		}
		return runner.Compile(ctx, path, runner.Package, b.env(), flags...)
	})
}

// describe asks each build's binary what it is: the configuration lines of
// the first, which the header gives, and a build line of each in an upgrade
// run. A binary that contradicts its build's name is an error.
func describe(ctx context.Context, bs []build, mbs []meter.Build) ([]string, error) {
	for i := range bs {
		s, err := mbs[i].Layouts[0].Start(ctx)
		if err != nil {
			return nil, err
		}
		info, err := s.Info()
		if err == nil {
			bs[i].listed, err = s.Cells()
		}
		if cerr := s.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, fmt.Errorf("asking the benchmark binary what it is: %w", err)
		}
		if err := bs[i].check(info); err != nil {
			return nil, err
		}
	}
	first := bs[0].info
	if len(bs) > 1 { // the engines differ by build: each build's line records its own
		first = slices.DeleteFunc(slices.Clone(first), func(l string) bool {
			k, _, _ := strings.Cut(l, ":")
			return k == rawfmt.KeySonicEngine || k == rawfmt.KeyStdEngine || k == rawfmt.KeyRace || k == rawfmt.KeyGo || k == rawfmt.KeyGOEXPERIMENT
		})
	}
	return first, nil
}

// meter is the meter's options of the run.
func (o options) meter() meter.Options {
	return meter.Options{Slice: o.slice, Pairs: o.pairs, Seed: o.seed}
}

// writeConfig writes the raw file's header.
func writeConfig(w io.Writer, o options, id string, seeds []int64, self []string, builds []benchfmt.Config) error {
	var mode []benchfmt.Config
	if cpus, narrowed := affinity(); narrowed {
		mode = runinfo.Lines(rawfmt.KeyAffinity, cpus)
	}
	mode = append(mode, o.meter().Lines(o.rounds, seeds, rawfmt.Anchor)...)
	if !o.sel.IsZero() {
		mode = append(mode, runinfo.Line(rawfmt.KeySelection, o.sel.String()))
	}
	mode = append(mode, builds...)
	return runinfo.WriteHeader(w, runinfo.Header{
		Command: runinfo.CommandLine("./scripts/bench"), Machine: id, Env: append([]string{"GOGC=off"}, runner.ServeEnv...),
		Mode: mode, Self: self,
	})
}
