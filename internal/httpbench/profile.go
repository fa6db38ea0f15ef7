package httpbench

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

// ProfilePath is where the API server starts (POST) and stops (GET, which returns it) its CPU profile.
const ProfilePath = "/_jsoncost/profile"

// ProfileHz is the rate of the CPU profile, in samples per CPU second: runtime/pprof's, as a service's own
// profiles have it. Linux checks a thread's CPU-time timer only at its scheduler tick, so a rate near the
// tick rate (250 Hz on common kernels) loses samples: 250 Hz held about 80% of a busy program's CPU, 100 Hz
// about 95%.
const ProfileHz = 100

// Labels of the samples of a scenario's merged profile: the cell's load and the round.
const (
	LabelLoad  = "load"
	LabelRound = "round"
)

// ProfileDir is the directory beside raw file raw that holds its CPU profiles, one per scenario
// (ProfileFile): 20261201T225416Z.txt → 20261201T225416Z-cpu.
func ProfileDir(raw string) string { return strings.TrimSuffix(raw, ".txt") + "-cpu" }

// ProfileFile is the name of a scenario's merged, gzipped CPU profile in ProfileDir.
func ProfileFile(scenario string) string { return scenario + ".pb.gz" }

// A Profiler serves ProfilePath: one CPU profile of the process at a time, into memory.
type Profiler struct {
	mu  sync.Mutex
	buf *bytes.Buffer // the profile being written; nil when none is
}

func (p *Profiler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case r.Method == http.MethodPost && p.buf == nil:
		p.buf = new(bytes.Buffer)
		if err := pprof.StartCPUProfile(p.buf); err != nil {
			p.buf = nil
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	case r.Method == http.MethodGet && p.buf != nil:
		pprof.StopCPUProfile()
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(p.buf.Bytes())
		p.buf = nil
	default:
		http.Error(w, "POST starts a CPU profile, GET stops the running one", http.StatusConflict)
	}
}

// Profile starts (start true) or stops the CPU profile of the server at baseURL; stopping returns it.
func Profile(ctx context.Context, client *http.Client, baseURL string, start bool) ([]byte, error) {
	method := http.MethodGet
	if start {
		method = http.MethodPost
	}
	return call(ctx, client, method, baseURL, ProfilePath, "CPU profile")
}

// A ProfileSet collects the CPU profiles of a run's cells, each sample labelled with its cell's load
// and round, to merge them per scenario.
type ProfileSet map[string][]*profile.Profile

// Add parses the profile of cell c in round (from 1) and keeps it.
func (s ProfileSet) Add(c rawfmt.HTTPCell, round int, data []byte) error {
	p, err := profile.ParseData(data)
	if err != nil {
		return fmt.Errorf("CPU profile of %s at %s: %w", c.Scenario.Name, c.Load, err)
	}
	for _, smp := range p.Sample {
		smp.Label = map[string][]string{LabelLoad: {c.Load.String()}, LabelRound: {strconv.Itoa(round)}}
	}
	s[c.Scenario.Name] = append(s[c.Scenario.Name], p)
	return nil
}

// Write merges each scenario's profiles into one, keeping function names and dropping addresses and
// line numbers to keep it small, and writes them gzipped into dir, made anew, as ProfileFile.
func (s ProfileSet) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("CPU profiles: %w", err)
	}
	for _, name := range slices.Sorted(maps.Keys(s)) {
		p, err := profile.Merge(s[name])
		if err == nil {
			err = p.Aggregate(true, true, false, false, false, false)
		}
		var b bytes.Buffer
		if err == nil {
			err = p.Compact().Write(&b)
		}
		if err == nil {
			err = safefile.WriteFile(filepath.Join(dir, ProfileFile(name)), b.Bytes(), 0o644)
		}
		if err != nil {
			return fmt.Errorf("merged CPU profile of %s: %w", name, err)
		}
	}
	return nil
}
