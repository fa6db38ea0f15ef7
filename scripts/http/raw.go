package main

import (
	"runtime"
	"strconv"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

// config is the configuration that makes a raw file reproducible (see
// runinfo.Header): the common lines of this binary, which also serves, then
// the run's shape and order seed, the backend, and every codec named.
func config(o options, id string, b *searchBackend, names []string) ([]benchfmt.Config, error) {
	var cs []*codecs.Codec
	for _, n := range names {
		c, err := codecs.Lookup(n)
		if err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	return runinfo.Header{
		Command: runinfo.CommandLine("./scripts/http"), Machine: id,
		GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPU: cpuName(),
		Mode: []benchfmt.Config{
			runinfo.Line(rawfmt.KeyRounds, strconv.Itoa(o.rounds)),
			runinfo.Line(rawfmt.KeyOrderSeed, strconv.FormatUint(o.seed, 10)),
			runinfo.Line(httpbench.KeyWorkers, strconv.Itoa(o.workers)),
			runinfo.Line(httpbench.KeyRate, strconv.Itoa(o.rate)),
			runinfo.Line(httpbench.KeyDuration, o.duration.String()),
			runinfo.Line(httpbench.KeyWarmup, o.warmup.String()),
			runinfo.Line(httpbench.KeyMaxRequests, strconv.Itoa(o.requests)),
			runinfo.Line(httpbench.KeyBackend, b.host),
			runinfo.Line(httpbench.KeyBackendVersion, b.version),
			runinfo.Line(httpbench.KeyIndex, o.index),
		},
		Codecs: cs,
	}.Config()
}
