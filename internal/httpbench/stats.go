package httpbench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// StatsPath is where the API server and the loopback backend serve their Stats;
// the underscore, as in Elasticsearch's own endpoints, keeps it from naming an index.
const StatsPath = "/_jsoncost/stats"

// Stats are a server process's cumulative counters at one moment.
type Stats struct {
	Requests     uint64            `json:"requests"`                  // requests served, the stats endpoint's excepted
	CPU          time.Duration     `json:"cpu_ns"`                    // user+system CPU time of the process
	AllocBytes   uint64            `json:"alloc_bytes"`               // bytes allocated on the heap
	AllocObjects uint64            `json:"alloc_objects"`             // objects allocated on the heap
	Conns        uint64            `json:"conns"`                     // the API server: backend connections dialled; the backend: accepted
	Bytes        uint64            `json:"bytes"`                     // search response bodies the backend wrote, or the API server read
	Includes     map[string]uint64 `json:"source_includes,omitempty"` // the backend's searches by _source_includes, "" for none
}

// Sub returns the counters' growth from old to s; Includes holds only the counts that grew.
func (s Stats) Sub(old Stats) Stats {
	d := Stats{s.Requests - old.Requests, s.CPU - old.CPU, s.AllocBytes - old.AllocBytes, s.AllocObjects - old.AllocObjects,
		s.Conns - old.Conns, s.Bytes - old.Bytes, map[string]uint64{}}
	for k, n := range s.Includes {
		if n != old.Includes[k] {
			d.Includes[k] = n - old.Includes[k]
		}
	}
	return d
}

// Counters are a server's counts; ServeHTTP serves them with the process's CPU and allocations as Stats.
type Counters struct {
	Requests, Conns, Bytes atomic.Uint64

	mu       sync.Mutex
	includes map[string]uint64
}

// Include counts a search that named includes as its _source_includes.
func (c *Counters) Include(includes string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.includes == nil {
		c.includes = map[string]uint64{}
	}
	c.includes[includes]++
}

// ServeHTTP writes the counters, with the process's CPU time and heap allocations, as Stats in JSON.
func (c *Counters) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	cpu, err := processCPU()
	if err != nil {
		http.Error(w, "reading the process's CPU time: "+err.Error(), http.StatusInternalServerError)
		return
	}
	samples := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/allocs:objects"}}
	metrics.Read(samples)
	c.mu.Lock()
	includes := maps.Clone(c.includes)
	c.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(Stats{c.Requests.Load(), cpu, samples[0].Value.Uint64(), samples[1].Value.Uint64(), c.Conns.Load(), c.Bytes.Load(), includes})
}

// FetchStats reads the Stats of the server at baseURL.
func FetchStats(ctx context.Context, client *http.Client, baseURL string) (s Stats, err error) {
	body, err := call(ctx, client, http.MethodGet, baseURL, StatsPath, "reading stats")
	if err == nil {
		if err = json.Unmarshal(body, &s); err != nil {
			err = fmt.Errorf("reading stats of %s: %w", baseURL, err)
		}
	}
	return s, err
}

// call sends method to path at the server at baseURL and returns the body of its 200 answer; any
// other answer is an error quoting it, prefixed with what was asked.
func call(ctx context.Context, client *http.Client, method, baseURL, path, what string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, baseURL+path, nil)
	var resp *http.Response
	if err == nil {
		resp, err = client.Do(req)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = errors.New(resp.Status + ": " + strings.TrimSpace(string(body)))
	}
	if err != nil {
		return nil, fmt.Errorf("%s of %s: %w", what, baseURL, err)
	}
	return body, nil
}
