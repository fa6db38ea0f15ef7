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
// runinfo.Header) with the runtime settings of the counted runs, GODEBUG,
// the selection, valgrind's version, every codec, and what the binary
// printed of itself under valgrind, whose cpu line is valgrind-cpu beside
// the native cpu, which names the machine; last the unit metadata of
// instruction counts.
func writeConfig(w io.Writer, o options, id, bin, valgrind string, probe []benchfmt.Config) error {
	godebug, _ := strings.CutPrefix(runEnv[len(runEnv)-1], "GODEBUG=")
	mode := []benchfmt.Config{runinfo.Line(keyGODEBUG, godebug),
		runinfo.Line(rawfmt.KeySelection, o.sel.String()), runinfo.Line(keyValgrind, valgrind)}
	var self []benchfmt.Config
	for _, c := range probe {
		if c.Key == rawfmt.KeyCPU {
			self = append(self, runinfo.Line(rawfmt.KeyCPU, runinfo.CPU()), runinfo.Line(keyValgrindCPU, string(c.Value)))
		} else {
			self = append(self, c)
		}
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
