package httpbench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// StatsPath is where the API server and the loopback backend serve their
// Stats. The path starts with an underscore, as Elasticsearch's own
// endpoints do, so that it names no index.
const StatsPath = "/_jsoncost/stats"

// Stats are a server process's cumulative counters at one moment.
type Stats struct {
	Requests     uint64        `json:"requests"`      // requests served, the stats endpoint's excepted
	CPU          time.Duration `json:"cpu_ns"`        // user+system CPU time of the process
	AllocBytes   uint64        `json:"alloc_bytes"`   // bytes allocated on the heap
	AllocObjects uint64        `json:"alloc_objects"` // objects allocated on the heap
	Conns        uint64        `json:"conns"`         // the API server: backend connections dialled; the backend: accepted
}

// Sub returns the counters' growth from old to s.
func (s Stats) Sub(old Stats) Stats {
	return Stats{
		Requests:     s.Requests - old.Requests,
		CPU:          s.CPU - old.CPU,
		AllocBytes:   s.AllocBytes - old.AllocBytes,
		AllocObjects: s.AllocObjects - old.AllocObjects,
		Conns:        s.Conns - old.Conns,
	}
}

// Counters are the counts a server keeps; ServeHTTP answers with them and
// the process's CPU time and allocations as Stats.
type Counters struct {
	Requests, Conns atomic.Uint64
}

var allocMetrics = []string{"/gc/heap/allocs:bytes", "/gc/heap/allocs:objects"}

// Snapshot returns the counters with the process's CPU time and heap
// allocations.
func (c *Counters) Snapshot() (Stats, error) {
	cpu, err := processCPU()
	if err != nil {
		return Stats{}, fmt.Errorf("reading the process's CPU time: %w", err)
	}
	samples := make([]metrics.Sample, len(allocMetrics))
	for i, name := range allocMetrics {
		samples[i].Name = name
	}
	metrics.Read(samples)
	return Stats{
		Requests:     c.Requests.Load(),
		CPU:          cpu,
		AllocBytes:   samples[0].Value.Uint64(),
		AllocObjects: samples[1].Value.Uint64(),
		Conns:        c.Conns.Load(),
	}, nil
}

// ServeHTTP writes Snapshot as JSON.
func (c *Counters) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	s, err := c.Snapshot()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(s)
}

// FetchStats reads the Stats of the server at baseURL.
func FetchStats(ctx context.Context, client *http.Client, baseURL string) (Stats, error) {
	var s Stats
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, baseURL+StatsPath, nil)
	if err != nil {
		return s, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return s, fmt.Errorf("reading stats: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return s, fmt.Errorf("reading stats of %s: %s", baseURL, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		return s, fmt.Errorf("reading stats of %s: %w", baseURL, err)
	}
	return s, nil
}
