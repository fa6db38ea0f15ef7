package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

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

// A rawFile is a raw file being written under its partial name, renamed to
// its final one when complete.
type rawFile struct {
	*os.File
	final     string
	committed bool
}

func createRaw(dir string, name rawfmt.RawName) (*rawFile, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, name.Partial()), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	return &rawFile{File: f, final: filepath.Join(dir, name.String())}, nil
}

// commit closes the file and renames it into place.
func (r *rawFile) commit() error {
	if err := r.Close(); err != nil {
		return err
	}
	if err := os.Rename(r.Name(), r.final); err != nil {
		return err
	}
	r.committed = true
	return nil
}

// discard removes the partial file unless it was committed.
func (r *rawFile) discard() {
	if !r.committed {
		r.Close()
		os.Remove(r.Name())
	}
}

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

// progress prints cell i/N, elapsed time and an estimate of the time left,
// at most once a second on a terminal and once every 15 seconds in a log.
type progress struct {
	w            io.Writer
	tty          bool
	total, count int
	start, last  time.Time
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil {
			p.tty = fi.Mode()&os.ModeCharDevice != 0
		}
	}
	return p
}

func (p *progress) cell(c rawfmt.Cell) {
	p.count++
	every, start, end := time.Second, "\r", "\033[K"
	if !p.tty {
		every, start, end = 15*time.Second, "", "\n"
	}
	if time.Since(p.last) < every && p.count < p.total {
		return
	}
	p.last = time.Now()
	elapsed := time.Since(p.start)
	eta := time.Duration(float64(elapsed) / float64(p.count) * float64(p.total-p.count))
	fmt.Fprintf(p.w, "%scell %d/%d  elapsed %s  eta %s  (%s)%s", start, p.count, p.total,
		elapsed.Round(time.Second), eta.Round(time.Second), c, end)
}

func (p *progress) done() {
	fmt.Fprintf(p.w, "\ncounted %d cells in %s\n", p.total, time.Since(p.start).Round(time.Second))
}
