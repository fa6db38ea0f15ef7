package main

import (
	"cmp"
	"os"
	"runtime"
	"strconv"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

// config is the configuration that makes a raw file reproducible: the
// suite's commit, the exact command, the toolchain, machine and runtime
// settings, the run's shape and order seed, the backend, and every codec's
// module version, category and engine.
func config(o options, id string, b *searchBackend, names []string) []benchfmt.Config {
	var cfg []benchfmt.Config
	line := func(key, value string) {
		cfg = append(cfg, benchfmt.Config{Key: key, Value: []byte(value), File: true})
	}
	line(rawfmt.KeyCommit, runinfo.Commit())
	line(rawfmt.KeyCommand, runinfo.CommandLine("./scripts/http"))
	line(rawfmt.KeyMachine, id)
	line(rawfmt.KeyGo, runtime.Version())
	line(rawfmt.KeyGOOS, runtime.GOOS)
	line(rawfmt.KeyGOARCH, runtime.GOARCH)
	line(rawfmt.KeyCPU, cpuName())
	line(rawfmt.KeyCores, strconv.Itoa(runtime.NumCPU()))
	line(rawfmt.KeyGOMAXPROCS, strconv.Itoa(runtime.GOMAXPROCS(0))) // the servers inherit the environment
	line(rawfmt.KeyGOGC, cmp.Or(os.Getenv("GOGC"), "100"))
	line(rawfmt.KeyGOEXPERIMENT, codecs.BuildSetting("GOEXPERIMENT"))
	line(rawfmt.KeyRounds, strconv.Itoa(o.rounds))
	line(rawfmt.KeyOrderSeed, strconv.FormatUint(o.seed, 10))
	line(httpbench.KeyWorkers, strconv.Itoa(o.workers))
	line(httpbench.KeyRate, strconv.Itoa(o.rate))
	line(httpbench.KeyDuration, o.duration.String())
	line(httpbench.KeyWarmup, o.warmup.String())
	line(httpbench.KeyMaxRequests, strconv.Itoa(o.requests))
	line(httpbench.KeyBackend, b.host)
	line(httpbench.KeyBackendVersion, b.version)
	line(httpbench.KeyIndex, o.index)
	for _, n := range names {
		c, _ := codecs.Lookup(n)
		cc := c.Config()
		line(cc.Key(), cc.Value())
	}
	return cfg
}
