package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
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
	line(rawfmt.KeyCommit, gitCommit())
	line(rawfmt.KeyCommand, commandLine())
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
		cc := rawfmt.CodecConfig{Name: c.Name, ModuleVersion: c.ModuleVersion(), Category: string(c.Category), Engine: c.EngineName()}
		line(cc.Key(), cc.Value())
	}
	return cfg
}

// writeRaw writes data to the partial file of name in dir and renames it
// into place. A failure leaves neither file behind.
func writeRaw(dir string, name rawfmt.RawName, data []byte) (path string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	partial := filepath.Join(dir, name.Partial())
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			os.Remove(partial)
			err = fmt.Errorf("writing %s: %w", partial, err)
		}
	}()
	_, err = f.Write(data)
	err = errors.Join(err, f.Sync(), f.Close())
	if err != nil {
		return "", err
	}
	path = filepath.Join(dir, name.String())
	return path, os.Rename(partial, path)
}

// gitCommit is the suite's commit, marked "-dirty" when the tree has
// uncommitted changes outside results/.
func gitCommit() string {
	out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	commit := strings.TrimSpace(string(out))
	status, err := exec.Command("git", "status", "--porcelain", "--", ".", ":!results").Output()
	if err == nil && len(strings.TrimSpace(string(status))) > 0 {
		commit += "-dirty"
	}
	return commit
}

// commandLine is the command as a user would type it to repeat the run.
func commandLine() string {
	args := []string{"go", "run", "./scripts/http"}
	for _, a := range os.Args[1:] {
		if a == "" || strings.ContainsAny(a, " '\"*|()$") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		args = append(args, a)
	}
	return strings.Join(args, " ")
}

// progress prints the round, the cell, the time spent and an estimate of
// the time left to w: on a terminal once a second on one line, in a log a
// line every 15 seconds.
type progress struct {
	w             io.Writer
	tty           bool
	rounds, cells int
	count         int
	start, last   time.Time
}

func newProgress(w io.Writer, rounds, cells int) *progress {
	p := &progress{w: w, rounds: rounds, cells: cells, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil {
			p.tty = fi.Mode()&os.ModeCharDevice != 0
		}
	}
	return p
}

func (p *progress) cell() {
	p.count++
	every, start, end := time.Second, "\r", "   "
	if !p.tty {
		every, start, end = 15*time.Second, "", "\n"
	}
	if time.Since(p.last) < every && p.count%p.cells != 0 {
		return
	}
	p.last = time.Now()
	elapsed := time.Since(p.start)
	eta := time.Duration(float64(elapsed) / float64(p.count) * float64(p.rounds*p.cells-p.count))
	fmt.Fprintf(p.w, "%sround %d/%d  cell %d/%d  elapsed %s  eta %s%s", start, (p.count-1)/p.cells+1, p.rounds,
		(p.count-1)%p.cells+1, p.cells, elapsed.Round(time.Second), eta.Round(time.Second), end)
}

func (p *progress) done() {
	if p.tty {
		fmt.Fprintln(p.w)
	}
	fmt.Fprintf(p.w, "%d rounds of %d cells in %s\n", p.rounds, p.cells, time.Since(p.start).Round(time.Second))
}
