package main

import (
	"fmt"
	"io"
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

// writeConfig writes the configuration lines of an instr raw file (see
// runinfo.Header): the common ones of the binary at bin with the runtime
// settings of the counted runs, then GODEBUG, the selection, valgrind's
// version, every codec, and what the benchmark binary printed of itself
// under valgrind (sonic-engine, race, goos, goarch, pkg), with the cpu of
// the native run, which names the machine, and the cpu valgrind presented
// as valgrind-cpu; last the unit metadata of instruction counts.
func writeConfig(w io.Writer, o options, id, bin, valgrind string, native, probe []benchfmt.Config) error {
	var mode, self []benchfmt.Config
	for _, kv := range runEnv {
		if key, value, _ := strings.Cut(kv, "="); key == "GODEBUG" {
			mode = append(mode, runinfo.Line(keyGODEBUG, value))
		}
	}
	mode = append(mode, runinfo.Line(rawfmt.KeySelection, o.sel.String()), runinfo.Line(keyValgrind, valgrind))
	var cpu string
	for _, c := range native {
		if c.Key == rawfmt.KeyCPU {
			cpu = string(c.Value)
		}
	}
	for _, c := range probe {
		if c.Key != rawfmt.KeyCPU {
			self = append(self, c)
			continue
		}
		self = append(self, runinfo.Line(rawfmt.KeyCPU, cpu), runinfo.Line(keyValgrindCPU, string(c.Value)))
	}
	err := runinfo.WriteHeader(w, runinfo.Header{
		Command: runinfo.CommandLine("./scripts/instr"), Machine: id, Binary: bin, Env: runEnv,
		Mode: mode, Codecs: codecs.All(), Probe: self,
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s %s %s\n", rawfmt.UnitMetadata, rawfmt.UnitInstr, rawfmt.AssumeExact)
	return err
}
