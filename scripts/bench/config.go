package main

import (
	"fmt"
	"io"
	"strconv"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

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
