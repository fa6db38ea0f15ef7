package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/doc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

// save writes the raw file to scratch, reads it back as the report reads
// any raw file, renders the page, prints it to stdout and writes both
// into the results directory, each renamed into place when complete: the
// raw file first, so that a page is never left without it.
func save(o options, d *document, out *rounds, failures []page.Failure, scratch, bin string, stdout, stderr io.Writer) error {
	id := rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, runinfo.CPU())
	raw, err := rawText(o, d, out, failures, id, bin)
	if err != nil {
		return err
	}
	tmp := filepath.Join(scratch, page.RawFile)
	if err := os.WriteFile(tmp, raw, 0o644); err != nil {
		return err
	}
	run, err := load.Load(load.Raw{Path: tmp, File: page.RawFile})
	if err != nil {
		return fmt.Errorf("reading the results back: %w", err)
	}
	text, err := page.FromRun(run, d.Name, page.RawFile)
	if err != nil {
		return err
	}
	dir := filepath.Join(o.results, id, page.DirPrefix+d.Name)
	err = runner.WriteRaw(filepath.Join(dir, page.RawFile), true, stderr, func(w io.Writer) error {
		_, err := w.Write(raw)
		return err
	})
	if err != nil {
		return err
	}
	if err := safefile.WriteFile(filepath.Join(dir, page.PageFile), text, 0o644); err != nil {
		return err
	}
	if _, err := stdout.Write(text); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s and %s\n", filepath.Join(dir, page.PageFile), filepath.Join(dir, page.RawFile))
	return nil
}

// rawText is the raw file: configuration lines (see runinfo.Header) of
// the binary at bin, with the notes and the refused cells, then what the
// benchmark printed.
func rawText(o options, d *document, out *rounds, failures []page.Failure, id, bin string) ([]byte, error) {
	lines := [][2]string{
		{rawfmt.KeyRounds, strconv.Itoa(o.rounds)}, {rawfmt.KeyBenchtime, o.benchtime},
		{rawfmt.KeyOrderSeed, strconv.FormatUint(out.seed, 10)}, {page.KeyDoc, d.path},
		{page.KeyDocSamples, strconv.Itoa(len(d.Samples))}, {page.KeyDocFields, d.Fields},
		{page.KeyCompacted, strconv.FormatBool(d.compacted)},
	}
	if o.qps > 0 {
		lines = append(lines, [2]string{page.KeyQPS, strconv.FormatFloat(o.qps, 'g', -1, 64)})
	}
	lines = append(lines, [2]string{page.KeyPerRequest, strconv.Itoa(o.perRequest)})
	var mode []benchfmt.Config
	for _, l := range append(lines, page.Info{Notes: d.notes, Failures: failures}.Lines()...) {
		mode = append(mode, runinfo.Line(l[0], l[1]))
	}
	var b bytes.Buffer
	h := runinfo.Header{Command: command(o), Machine: id, Binary: bin, Mode: mode, Codecs: codecs.All()}
	if err := runinfo.WriteHeader(&b, h); err != nil {
		return nil, err
	}
	for _, l := range out.header {
		fmt.Fprintln(&b, l)
	}
	b.Write(out.results.Bytes())
	return b.Bytes(), nil
}

// command is the make command that repeats the run.
func command(o options) string {
	args := []string{"make", "bench-doc", "DOC=" + runinfo.Quote(o.doc), "FIELDS=" + runinfo.Quote(o.fields),
		"ROUNDS=" + strconv.Itoa(o.rounds), "BENCHTIME=" + o.benchtime}
	if o.qps > 0 {
		args = append(args, "QPS="+strconv.FormatFloat(o.qps, 'g', -1, 64))
	}
	if o.perRequest != 1 {
		args = append(args, "PER_REQUEST="+strconv.Itoa(o.perRequest))
	}
	return strings.Join(args, " ")
}
