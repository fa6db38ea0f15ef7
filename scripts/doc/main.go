// Command doc is make bench-doc: the whole comparison for a user's own
// document and the fields their client uses.
//
//	go run ./scripts/doc -doc orders.json -fields id,title,price.amount [-qps 2000] [-per-request 10] [-rounds 30]
//
// It reads the document (one JSON object, an array of objects or objects one a
// line; each object is a sample, compacted for the benchmark), infers its Go
// type from all the samples (package gen/infer), checks the fields against it
// and projects it to them (package internal/owndoc/fields), and writes a
// throwaway module outside the repository with both types, easyjson's code for
// them and the samples (package internal/owndoc/tempmod). Its test binary,
// built on the suite's root package, checks every cell (codec × operation) with
// the correctness gate; cells that pass are timed in interleaved rounds. The
// raw benchfmt output is read back like any raw file (package
// internal/report/load) and its page (package internal/owndoc/page) printed;
// the raw file is saved as results/<machine-id>/doc-<name>-<fields>/raw.txt
// (page.Dir: one directory per document and FIELDS), beside which make report,
// run by make bench-doc after it, writes the page.
//
// Bad input is a one-line error and nothing is written; so is a run that fails
// or is interrupted (exit 130, package internal/runner). The module is removed
// on the way out.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/owndoc/tempmod"
	"github.com/jsoncost/jsoncost/internal/runner"
)

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	runner.Main("bench-doc", err, syscall.SIGTERM, func(ctx context.Context) error {
		return run(ctx, o, os.Stdout, os.Stderr)
	})
}

// run measures the document of o, printing the page to stdout, progress to stderr.
func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
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
	fmt.Fprintf(stderr, "building the benchmark of %s in %s…\n", d.path, m.Dir)
	bin, note, err := m.Build(ctx)
	switch {
	case err != nil:
		return err
	case note != "":
		d.notes = append(d.notes, note)
		fmt.Fprintf(stderr, "bench-doc: %s: warning: %s\n", d.path, note)
	}
	failures, passed, err := gate(ctx, bin, stderr)
	if err != nil {
		return err
	}
	if len(passed) == 0 {
		return errors.New("no cell passed the correctness gate; nothing to time")
	}
	out, err := measure(ctx, o, runner.Binary{Path: bin, Stderr: stderr}, failures, passed)
	if err != nil {
		return err
	}
	return save(o, d, out, failures, m.Dir, bin, stdout, stderr)
}
