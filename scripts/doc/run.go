package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// gate runs the binary's correctness gate over every cell and returns the cells
// that failed and those that passed, saying how it went on stderr. When the
// binary stops instead (the fields check refused the document, say), the error
// is its last line on stderr.
func gate(ctx context.Context, bin string, stderr io.Writer) (failures []page.Failure, passed map[rawfmt.Cell]bool, err error) {
	cmd := exec.CommandContext(ctx, bin, "-doc.gate")
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
		if last := lines[len(lines)-1]; last != "" {
			return nil, nil, fmt.Errorf("running the correctness gate: %s", last)
		}
		return nil, nil, fmt.Errorf("running the correctness gate: %w", err)
	}
	stderr.Write(errOut.Bytes())
	passed = map[rawfmt.Cell]bool{}
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var r jsoncost.GateResult
		if err := dec.Decode(&r); err != nil {
			return nil, nil, fmt.Errorf("reading the correctness gate's results: %w", err)
		}
		c, ok := rawfmt.ParseCell(benchfmt.Name(rawfmt.Benchmark + "/" + r.Cell))
		switch {
		case !ok:
			return nil, nil, fmt.Errorf("the correctness gate reported a cell without a name: %q", r.Cell)
		case r.Error != "":
			failures = append(failures, page.Failure{Cell: c, Err: r.Error})
		default:
			passed[c] = true
		}
	}
	fmt.Fprintf(stderr, "correctness gate: %d cells passed, %d failed (not timed)\n", len(passed), len(failures))
	for _, f := range failures {
		fmt.Fprintf(stderr, "  %s: %s\n", f.Cell, f.Err)
	}
	return failures, passed, nil
}

// rounds is what the rounds printed: go test's and the harness's configuration
// lines (goos, goarch, pkg, cpu, sonic-engine, race), the order seed and results.
type rounds struct {
	header  []string
	seed    uint64
	results bytes.Buffer
}

// measure times every cell that passed the gate, o.rounds times, each round one
// run of the binary over all of them in an order drawn from a seed and the round.
func measure(ctx context.Context, o options, b runner.Binary, failures []page.Failure, passed map[rawfmt.Cell]bool) (*rounds, error) {
	var skip []string
	for _, f := range failures {
		skip = append(skip, f.Cell.Sub())
	}
	r := &rounds{seed: rand.Uint64() | 1}
	t := &runner.Timer{Bin: b, Runs: func(round int) []runner.Round {
		return []runner.Round{{Bench: runner.AllCells, Benchtime: o.benchtime, Want: passed,
			Args: []string{"-doc.seed", strconv.FormatUint(r.seed, 10), "-doc.round", strconv.Itoa(round), "-doc.skip", strings.Join(skip, ",")}}}
	}}
	if err := runner.Rounds(ctx, t, o.rounds, len(passed), &r.results, b.Stderr); err != nil {
		return nil, err
	}
	r.header = t.Config
	return r, nil
}

// save writes the raw file to scratch, reads it back as the report reads any,
// renders the page and, when it renders, writes the raw file into the results
// directory and prints the page to stdout. The saved page is make report's.
func save(o options, d *document, out *rounds, failures []page.Failure, scratch, bin string, stdout, stderr io.Writer) error {
	id := runinfo.MachineID()
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
	path := filepath.Join(o.results, id, page.Dir(d.Name, d.Fields), page.RawFile)
	if err := runner.WriteRaw(path, true, stderr, func(w io.Writer) error { _, err := w.Write(raw); return err }); err != nil {
		return err
	}
	_, err = stdout.Write(text)
	return err
}

// rawText is the raw file: the configuration lines (runinfo.Header) of the
// binary at bin, with the notes and refused cells, then what the benchmark printed.
func rawText(o options, d *document, out *rounds, failures []page.Failure, id, bin string) ([]byte, error) {
	mode := runinfo.Lines(rawfmt.KeyRounds, strconv.Itoa(o.rounds), rawfmt.KeyBenchtime, o.benchtime,
		rawfmt.KeyOrderSeed, strconv.FormatUint(out.seed, 10), page.KeyDoc, d.path,
		page.KeyDocSamples, strconv.Itoa(len(d.Samples)), page.KeyDocFields, d.Fields,
		page.KeyCompacted, strconv.FormatBool(d.compacted))
	if o.qps > 0 {
		mode = append(mode, runinfo.Line(page.KeyQPS, strconv.FormatFloat(o.qps, 'g', -1, 64)))
	}
	mode = append(mode, runinfo.Line(page.KeyPerRequest, strconv.Itoa(o.perRequest)))
	for _, l := range (page.Info{Notes: d.notes, Failures: failures}).Lines() {
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
