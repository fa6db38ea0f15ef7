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

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/doc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

// The files of a document's results directory,
// results/<machine-id>/doc-<name>/.
const (
	rawFile  = "raw.txt"
	pageFile = "README.md"
)

// Configuration keys of the raw file that say which document it measured.
const (
	keyDoc        = "doc"             // the path as given
	keyDocSamples = "doc-samples"     // objects in it
	keyDocFields  = "doc-fields"      // the FIELDS list
	keyCompacted  = "doc-compacted"   // whether the input was not compact
	keyQPS        = "doc-qps"         // the request rate of the CPU figures
	keyPerRequest = "doc-per-request" // documents per response
)

// save writes the raw file to scratch, reads it back as the report reads
// any raw file, renders the page, prints it to stdout and writes both
// into the results directory, each renamed into place when complete: the
// raw file first, so that a page is never left without it.
func save(o options, d *document, out *rawOutput, failures []failure, scratch, bin string, stdout, stderr io.Writer) error {
	id := rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, out.cpu)
	raw, err := rawText(o, d, out, id, bin)
	if err != nil {
		return err
	}
	tmp := filepath.Join(scratch, rawFile)
	if err := os.WriteFile(tmp, raw, 0o644); err != nil {
		return err
	}
	run, err := load.Load(load.Raw{Path: tmp, File: rawFile})
	if err != nil {
		return fmt.Errorf("reading the results back: %w", err)
	}
	info := page.Info{
		Doc: d.path, Name: d.name, Filtered: d.name + jsoncost.FilteredSuffix,
		Samples: len(d.samples), Compacted: d.compacted, Fields: d.fields.Paths(),
		QPS: o.qps, PerRequest: o.perRequest, Notes: d.notes,
		Command: command(o), RawFile: rawFile,
	}
	for _, f := range failures {
		info.Failures = append(info.Failures, page.Failure{Cell: f.cell, Err: f.err})
	}
	text, err := page.Render(run, info)
	if err != nil {
		return err
	}
	dir := filepath.Join(o.results, id, "doc-"+d.name)
	err = runner.WriteRaw(filepath.Join(dir, rawFile), true, stderr, func(w io.Writer) error {
		_, err := w.Write(raw)
		return err
	})
	if err != nil {
		return err
	}
	if err := safefile.WriteFile(filepath.Join(dir, pageFile), text, 0o644); err != nil {
		return err
	}
	if _, err := stdout.Write(text); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s and %s\n", filepath.Join(dir, pageFile), filepath.Join(dir, rawFile))
	return nil
}

// rawText is the raw file: configuration lines (see runinfo.Header) of
// the binary at bin, then what the benchmark printed.
func rawText(o options, d *document, out *rawOutput, id, bin string) ([]byte, error) {
	var mode []benchfmt.Config
	line := func(key, value string) { mode = append(mode, runinfo.Line(key, value)) }
	line(rawfmt.KeyRounds, strconv.Itoa(o.rounds))
	line(rawfmt.KeyBenchtime, o.benchtime)
	line(rawfmt.KeyOrderSeed, strconv.FormatUint(out.seed, 10))
	line(keyDoc, d.path)
	line(keyDocSamples, strconv.Itoa(len(d.samples)))
	line(keyDocFields, d.fields.String())
	line(keyCompacted, strconv.FormatBool(d.compacted))
	if o.qps > 0 {
		line(keyQPS, strconv.FormatFloat(o.qps, 'g', -1, 64))
	}
	line(keyPerRequest, strconv.Itoa(o.perRequest))
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
	args := []string{"make", "bench-doc", "DOC=" + quote(o.doc), "FIELDS=" + quote(o.fields),
		"ROUNDS=" + strconv.Itoa(o.rounds), "BENCHTIME=" + o.benchtime}
	if o.qps > 0 {
		args = append(args, "QPS="+strconv.FormatFloat(o.qps, 'g', -1, 64))
	}
	if o.perRequest != 1 {
		args = append(args, "PER_REQUEST="+strconv.Itoa(o.perRequest))
	}
	return strings.Join(args, " ")
}

// quote quotes s for a shell when it needs it.
func quote(s string) string {
	if s != "" && !strings.ContainsAny(s, " '\"*?|()$&;<>[]{}\\`!#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
