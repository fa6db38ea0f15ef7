// Command doc is make bench-doc: the whole comparison for a user's own
// document and the fields their client uses.
//
//	go run ./scripts/doc -doc orders.json -fields id,title,price.amount [-qps 2000] [-per-request 10] [-rounds 30] [-slice 1ms] [-pairs 10] [-seed n]
//
// It reads the document (one JSON object, an array of objects or objects one a
// line; each object is a sample, compacted for the benchmark), infers its Go
// type from all the samples (package internal/infer), checks the fields against it
// and projects it to them (package internal/owndoc/fields), and writes a
// throwaway module outside the repository with both types, easyjson's code for
// them and the samples (package internal/owndoc/tempmod), whose test binary,
// built on the suite's root package, serves the runner (package internal/wire)
// and is built once per link layout.
//
// Data flows one way. One process of the binary lists its cells and says
// what it is, then passes every cell through the correctness gate (its
// prepare request): a cell the gate refuses is reported with the sample it
// failed on and left out, as is a cell whose partner was refused; the
// document itself refused (its FIELDS check) stops the run. The paired time
// meter (package internal/meter) then times every other cell against its
// partner (rawfmt.Partner, anchored on the document itself), a process of one
// layout a round. The raw file, its header (package internal/runinfo) with the
// document's lines, the notes and the refused cells, is written as
// results/<machine-id>/doc-<name>-<fields>/raw.txt (page.Dir: one directory
// per document and FIELDS), beside which make report, run by make bench-doc
// after it, writes the page.
//
// Bad input is a one-line error and nothing is written; so is a run that fails
// or is interrupted (exit 130, package internal/runner). The module is removed
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
	timing := &meter.Meter{Builds: []meter.Build{b}, Blocks: p.blocks, Sizes: p.sizes, Warn: stderr, O: meter.Defaults(o.slice, o.pairs, o.seed)}
	var raw bytes.Buffer
	if err := runner.Rounds(ctx, timing, o.rounds, timing.Cells(), &raw, stderr); err != nil {
		return err
	}
	return save(o, d, b.Seeds, in.self, p.failures, raw.Bytes(), stderr)
}
