// Command doc is make bench-doc: the whole comparison for a user's own
// document and the fields their client uses.
//
//	go run ./scripts/doc -doc orders.json -fields id,title,price.amount [-qps 2000] [-per-request 10] [-rounds 30] [-slice 1ms] [-pairs 10] [-seed n]
//
// Data flows one way. The document (one JSON object, an array of objects or
// objects one a line: the samples, compacted) is typed (internal/infer), the
// fields are checked against the type and projected (internal/owndoc/fields),
// and a throwaway module outside the repository (internal/owndoc/tempmod) is
// built, once per link layout, into a test binary that serves the runner. One
// process of it lists its cells and passes each through the correctness gate:
// a refused cell, or one whose partner was refused, is reported and left out;
// the document itself refused (its FIELDS check) stops the run. The paired
// meter (internal/meter) times the rest against their partners
// (rawfmt.Partner, anchored on the document), one layout's process a round.
// The raw file, results/<machine-id>/doc-<name>-<fields>/raw.txt (page.Dir),
// has the document's lines, notes and refused cells in its header; make
// report writes the page beside it.
//
// Bad input is a one-line error and nothing is written; so is a run that
// fails or is interrupted (exit 130, internal/runner). The module is removed
// on the way out.
package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/meter"
	"github.com/jsoncost/jsoncost/internal/owndoc/tempmod"
	"github.com/jsoncost/jsoncost/internal/runner"
)

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	runner.Main("bench-doc", err, syscall.SIGTERM, func(ctx context.Context) error { return run(ctx, o, os.Stderr) })
}

// run measures the document of o and writes the raw file, reporting
// progress, notes and refused cells to stderr.
func run(ctx context.Context, o options, stderr io.Writer) error {
	stderr = runner.Locked(stderr)
	d, err := readDocument(o, stderr)
	if err != nil {
		return err
	}
	root, err := tempmod.Root(ctx)
	if err != nil {
		return err
	}
	m, err := tempmod.Create(root, &d.Doc)
	if err != nil {
		return err
	}
	defer m.Remove()
	for o.seed == 0 {
		o.seed = rand.Uint64()
	}
	seeds := runner.LayoutSeeds(o.seed, min(maxLayouts, o.rounds))
	fmt.Fprintf(stderr, "building the benchmark of %s (%d link layouts) in %s…\n", o.doc, len(seeds), m.Dir)
	bins, note, err := m.Build(ctx, seeds)
	switch {
	case err != nil:
		return err
	case note != "":
		d.notes = append(d.notes, note)
		fmt.Fprintf(stderr, "bench-doc: %s: warning: %s\n", o.doc, note)
	}
	b := meter.Build{Seeds: seeds, Layouts: make([]runner.Binary, len(bins))} // the meter's one build
	for i, path := range bins {
		b.Layouts[i] = runner.Binary{Path: path, Stderr: stderr}
	}
	in, err := inspect(ctx, b.Layouts[0], stderr)
	if err != nil {
		return err
	}
	p, err := newPlan(in, d.Name, stderr)
	if err != nil {
		return err
	}
	timing := &meter.Meter{Builds: []meter.Build{b}, Blocks: p.blocks, Sizes: p.sizes, Warn: stderr, O: o.meter()}
	var raw bytes.Buffer
	if err := runner.Rounds(ctx, timing, o.rounds, timing.Cells(), &raw, stderr); err != nil {
		return err
	}
	return save(o, d, b.Seeds, in.self, p.failures, raw.Bytes(), stderr)
}
