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
	"debug/buildinfo"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// MachineID is this machine's id (rawfmt.MachineID).
func MachineID() string { return rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, CPU()) }

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
	// Binary is the benchmark binary's path, or "" when this process measures
	// (scripts/http); its build information gives the go and goexperiment lines.
	Binary string
	// GOOS, GOARCH and CPU are written when set (go test writes them itself);
	// without a CPU, or a cpu line in Probe, this machine's is written.
	GOOS, GOARCH, CPU string
	// Env holds the measured processes' GOMAXPROCS, GOGC and GOMEMLIMIT, as
	// KEY=VALUE over this process's.
	Env    []string
	Mode   []benchfmt.Config // the mode's own lines, in order
	Codecs []*codecs.Codec   // the configurations the run may time
	Probe  []benchfmt.Config // what the benchmark binary printed of itself, written last
}

// Config returns the header's configuration lines, in this order. The go
// version and GOEXPERIMENT come from the measuring binary's build information,
// the one record of what the code that ran was compiled with.
func (h Header) Config() ([]benchfmt.Config, error) {
	bi, err := buildInfo(h.Binary)
	if err != nil {
		return nil, err
	}
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
	line(rawfmt.KeyGo, bi.GoVersion)
	optional(rawfmt.KeyGOOS, h.GOOS)
	optional(rawfmt.KeyGOARCH, h.GOARCH)
	optional(rawfmt.KeyCPU, h.cpu())
	line(rawfmt.KeyCores, strconv.Itoa(runtime.NumCPU()))
	// The measured processes inherit this one's affinity and limits.
	line(rawfmt.KeyGOMAXPROCS, env("GOMAXPROCS", strconv.Itoa(runtime.GOMAXPROCS(0))))
	line(rawfmt.KeyGOGC, env("GOGC", "100"))
	line(rawfmt.KeyGOMEMLIMIT, env("GOMEMLIMIT", "off"))
	line(rawfmt.KeyGOEXPERIMENT, setting(bi, "GOEXPERIMENT"))
	optional(rawfmt.KeyGOAMD64, setting(bi, "GOAMD64"))
	cfg = append(cfg, h.Mode...)
	for _, c := range h.Codecs {
		cc := rawfmt.CodecConfig{Name: c.Name, ModuleVersion: c.ModuleVersion(), Category: string(c.Category),
			Engine: c.EngineName(), Skips: c.Skips}
		line(cc.Key(), cc.Value())
		line(cc.SkipsKey(), cc.SkipsValue())
	}
	return append(cfg, h.Probe...), nil
}

// cpu is the header's CPU: h.CPU, else this machine's where the benchmark
// binary printed no cpu line of its own (go test prints none where the kernel
// gives no model name, as on arm64).
func (h Header) cpu() string {
	if h.CPU != "" || slices.ContainsFunc(h.Probe, func(c benchfmt.Config) bool { return c.Key == rawfmt.KeyCPU }) {
		return h.CPU
	}
	return CPU()
}

// WriteHeader writes the configuration lines of h to w.
func WriteHeader(w io.Writer, h Header) error {
	cfg, err := h.Config()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	for _, c := range cfg {
		fmt.Fprintf(&b, "%s: %s\n", c.Key, c.Value)
	}
	_, err = b.WriteTo(w)
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

// buildInfo reads the build information of the binary at path, or of this process.
func buildInfo(path string) (*debug.BuildInfo, error) {
	if path != "" {
		bi, err := buildinfo.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading the build information of %s: %w", path, err)
		}
		return bi, nil
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi, nil
	}
	return nil, fmt.Errorf("this binary carries no build information")
}

func setting(bi *debug.BuildInfo, key string) string { // a build setting of bi, or ""
	for _, s := range bi.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return ""
}
