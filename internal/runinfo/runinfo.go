// Package runinfo holds the one writer of a raw file's configuration header,
// for every mode, with the values that make the file reproducible: the suite's
// commit, the command that repeats the run, the machine and its CPU, the
// measuring binary's toolchain, the runtime settings, the mode's own lines and
// each codec configuration. A command fills a Header from its options, the
// codec registry and what its benchmark binary printed of itself; WriteHeader
// (or Header.Config, for a benchfmt.Writer) turns it into rawfmt's lines.
package runinfo

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// MachineID is this machine's id (rawfmt.MachineID).
func MachineID() string { return rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, CPU(), Generation()) }

// Commit is the suite's commit as it was when this process first asked,
// before it built or ran any benchmark binary (runner.Main asks first), so
// that a tree changed or committed during a long run does not rename the
// code that ran: readCommit of the working directory.
var Commit = onceCommit(".")

// onceCommit returns a function that reads the commit of the checkout at dir
// on its first call and returns that on every call.
func onceCommit(dir string) func() string {
	return sync.OnceValue(func() string { return readCommit(dir) })
}

// readCommit is the commit of the checkout at dir, marked "-dirty" when the
// tree has uncommitted changes outside results/, or "unknown" outside a
// checkout.
func readCommit(dir string) string {
	out, err := exec.Command("git", "-C", dir, "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	commit := strings.TrimSpace(string(out))
	status, err := exec.Command("git", "-C", dir, "status", "--porcelain", "--", ".", ":!results").Output()
	if err == nil && len(strings.TrimSpace(string(status))) > 0 {
		commit += "-dirty"
	}
	return commit
}

// CommandLine is the command that repeats this run of the command in directory
// dir (such as ./scripts/bench), with this process's arguments shell-quoted.
func CommandLine(dir string) string {
	args := []string{"go", "run", dir}
	for _, a := range os.Args[1:] {
		args = append(args, Quote(a))
	}
	return strings.Join(args, " ")
}

// Quote quotes s for a POSIX shell when it needs it.
func Quote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"*?[]{}|&;<>()$`\\~#!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// A Header is what the configuration lines of a raw file say about its run.
type Header struct {
	Command string // the command that repeats the run
	Machine string // the machine id (rawfmt.MachineID)
	// GOOS and GOARCH are written when set (go test writes them itself);
	// this machine's CPU and its generation follow them.
	GOOS, GOARCH string
	// Env holds the measured processes' GOMAXPROCS, GOGC and GOMEMLIMIT, as
	// KEY=VALUE over this process's.
	Env  []string
	Mode []benchfmt.Config // the mode's own lines, in order
	// Self is what the measuring binary said of itself, written last: the Go
	// that built it, its GOEXPERIMENT, its engines and every configuration it
	// has ("key: value" lines, package internal/wire's info).
	Self []string
}

// Config returns the header's configuration lines, in this order.
func (h Header) Config() []benchfmt.Config {
	var cfg []benchfmt.Config
	line := func(key, value string) { cfg = append(cfg, Line(key, value)) }
	optional := func(key, value string) {
		if value != "" {
			line(key, value)
		}
	}
	env := func(key, def string) string {
		for _, kv := range h.Env {
			if k, v, _ := strings.Cut(kv, "="); k == key {
				return v
			}
		}
		return cmp.Or(os.Getenv(key), def)
	}
	line(rawfmt.KeyCommit, Commit())
	line(rawfmt.KeyCommand, h.Command)
	line(rawfmt.KeyMachine, h.Machine)
	optional(rawfmt.KeyGOOS, h.GOOS)
	optional(rawfmt.KeyGOARCH, h.GOARCH)
	optional(rawfmt.KeyCPU, CPU())
	if g := Generation(); g != (rawfmt.Generation{}) {
		line(rawfmt.KeyGeneration, g.String())
	}
	line(rawfmt.KeyCores, strconv.Itoa(runtime.NumCPU()))
	// The measured processes inherit this one's affinity and limits.
	line(rawfmt.KeyGOMAXPROCS, env("GOMAXPROCS", strconv.Itoa(runtime.GOMAXPROCS(0))))
	line(rawfmt.KeyGOGC, env("GOGC", "100"))
	line(rawfmt.KeyGOMEMLIMIT, env("GOMEMLIMIT", "off"))
	optional(rawfmt.KeyGODEBUG, env("GODEBUG", ""))
	cfg = append(cfg, h.Mode...)
	for _, l := range h.Self {
		if k, v, ok := strings.Cut(l, ": "); ok {
			line(k, v)
		} else if k, ok := strings.CutSuffix(l, ":"); ok {
			line(k, "")
		}
	}
	return cfg
}

// WriteHeader writes the configuration lines of h to w.
func WriteHeader(w io.Writer, h Header) error {
	var b bytes.Buffer
	for _, c := range h.Config() {
		fmt.Fprintf(&b, "%s: %s\n", c.Key, c.Value)
	}
	_, err := b.WriteTo(w)
	return err
}

// Line returns one configuration line for Header.Mode.
func Line(key, value string) benchfmt.Config {
	return benchfmt.Config{Key: key, Value: []byte(value), File: true}
}

// Lines returns the configuration lines of key, value pairs.
func Lines(kv ...string) []benchfmt.Config {
	var cfg []benchfmt.Config
	for i := 0; i+1 < len(kv); i += 2 {
		cfg = append(cfg, Line(kv[i], kv[i+1]))
	}
	return cfg
}
