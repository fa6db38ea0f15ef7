package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

// writeConfig writes the benchfmt configuration lines that make a raw file
// reproducible: the suite's commit, the exact command, the toolchain, the
// machine, the runtime settings, the order seed, a narrowed selection,
// every codec's module version, category and engine, and then header, the
// lines the benchmark binary printed (goos, goarch, pkg, cpu, sonic-engine,
// race). Module versions come from this binary's build information (test
// binaries carry none).
func writeConfig(w io.Writer, o options, id string, header []benchfmt.Config) error {
	var b strings.Builder
	line := func(key, value string) { fmt.Fprintf(&b, "%s: %s\n", key, value) }
	line(rawfmt.KeyCommit, runinfo.Commit())
	line(rawfmt.KeyCommand, runinfo.CommandLine("./scripts/bench"))
	line(rawfmt.KeyMachine, id)
	line(rawfmt.KeyGo, runtime.Version())
	line(rawfmt.KeyCores, strconv.Itoa(runtime.NumCPU()))
	line(rawfmt.KeyGOMAXPROCS, strconv.Itoa(runtime.GOMAXPROCS(0))) // the binary inherits the environment, affinity and limits
	line(rawfmt.KeyGOGC, cmp.Or(os.Getenv("GOGC"), "100"))
	line(rawfmt.KeyGOMEMLIMIT, cmp.Or(os.Getenv("GOMEMLIMIT"), "off"))
	line(rawfmt.KeyGOEXPERIMENT, runinfo.GoEnv("GOEXPERIMENT"))
	line(rawfmt.KeyGOAMD64, runinfo.GoEnv("GOAMD64"))
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
	for _, c := range codecs.All() {
		fmt.Fprintln(&b, c.Config().Format())
	}
	for _, c := range header {
		line(c.Key, string(c.Value))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
