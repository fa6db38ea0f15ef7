package main

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

// Configuration keys of instruction counts.
const (
	keyValgrind    = "valgrind"     // valgrind --version
	keyValgrindCPU = "valgrind-cpu" // the CPU valgrind presents to the program, whose code paths it chooses
	keyGODEBUG     = "godebug"
)

// writeConfig writes the configuration lines of an instr raw file: the
// suite's commit, the command, the machine, the toolchain and the runtime
// settings of the counted runs, the selection, valgrind's version, every
// codec's module version, category and engine, then what the benchmark
// binary printed of itself under valgrind (sonic-engine, race, goos, goarch,
// pkg), with the cpu of the native run, which names the machine, and the cpu
// valgrind presented as valgrind-cpu.
func writeConfig(w io.Writer, o options, id, valgrind string, native, probe []benchfmt.Config) error {
	var b strings.Builder
	line := func(key, value string) { fmt.Fprintf(&b, "%s: %s\n", key, value) }
	line(rawfmt.KeyCommit, runinfo.Commit())
	line(rawfmt.KeyCommand, runinfo.CommandLine("./scripts/instr"))
	line(rawfmt.KeyMachine, id)
	line(rawfmt.KeyGo, runtime.Version())
	line(rawfmt.KeyCores, strconv.Itoa(runtime.NumCPU()))
	for _, kv := range runEnv {
		key, value, _ := strings.Cut(kv, "=")
		switch key {
		case "GOMAXPROCS":
			line(rawfmt.KeyGOMAXPROCS, value)
		case "GOGC":
			line(rawfmt.KeyGOGC, value)
		case "GOMEMLIMIT":
			line(rawfmt.KeyGOMEMLIMIT, value)
		case "GODEBUG":
			line(keyGODEBUG, value)
		}
	}
	line(rawfmt.KeyGOEXPERIMENT, runinfo.GoEnv("GOEXPERIMENT"))
	line(rawfmt.KeyGOAMD64, runinfo.GoEnv("GOAMD64"))
	line(rawfmt.KeySelection, o.sel.String())
	line(keyValgrind, valgrind)
	for _, c := range codecs.All() {
		fmt.Fprintln(&b, c.Config().Format())
	}
	var cpu string
	for _, c := range native {
		if c.Key == rawfmt.KeyCPU {
			cpu = string(c.Value)
		}
	}
	for _, c := range probe {
		if c.Key != rawfmt.KeyCPU {
			line(c.Key, string(c.Value))
			continue
		}
		line(rawfmt.KeyCPU, cpu)
		line(keyValgrindCPU, string(c.Value))
	}
	fmt.Fprintf(&b, "%s %s %s\n", rawfmt.UnitMetadata, rawfmt.UnitInstr, rawfmt.AssumeExact)
	_, err := io.WriteString(w, b.String())
	return err
}
