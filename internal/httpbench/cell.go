package httpbench

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Benchmark is the benchmark every result line names a sub-benchmark of.
const Benchmark = "HTTP"

// The values of a scenario's source and pool.
const (
	SourceFull     = "full"     // the whole _source; the API server projects the 5 fields itself
	SourceFiltered = "filtered" // _source_includes names the 5 fields; the backend drops the rest
	PoolDefault    = "default"  // a clone of http.DefaultTransport: 2 idle connections per host
)

// PoolSized is the pool of a transport that keeps n idle connections per host.
func PoolSized(n int) string { return "sized-" + strconv.Itoa(n) }

// ParsePool returns the idle connections per host a pool keeps: 0 for PoolDefault (Go's default, 2).
func ParsePool(pool string) (int, error) {
	if pool == PoolDefault {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(pool, "sized-"))
	if err != nil || n < 1 || !strings.HasPrefix(pool, "sized-") {
		return 0, fmt.Errorf("pool %q: want %s or sized-N", pool, PoolDefault)
	}
	return n, nil
}

// DefaultCodecs are the codecs every run compares; more can be added.
var DefaultCodecs = []string{rawfmt.Base, "sonic-std", "goccy"}

// Hits are the hits per search response of the scenarios and es-hits fixtures.
var Hits = []int{1, 10, 100}

// HitsFixture names the es-hits fixture of hits hits and the full _source.
func HitsFixture(hits int) string { return "es-hits-" + strconv.Itoa(hits) + "-full" }

// A Scenario is one configuration of the API server and its backend.
type Scenario struct {
	Name   string // "base", or the one value it changes: a codec, "filtered", "hits-1", "pool-default"
	Codec  string // a codecs registry name
	Source string // SourceFull or SourceFiltered
	Hits   int    // hits per backend response: 1, 10 or 100
	Pool   string // PoolDefault or PoolSized(n)
}

// Base is the scenario every other changes in one dimension: encoding/json, the full _source
// projected by the API server, 10 hits, and as many idle connections as workers.
func Base(workers int) Scenario {
	return Scenario{Name: "base", Codec: rawfmt.Base, Source: SourceFull, Hits: 10, Pool: PoolSized(workers)}
}

// Scenarios returns the base and one scenario per change of one dimension: each codec
// other than the base's, _source filtering, 1 and 100 hits, and Go's default transport.
func Scenarios(codecs []string, workers int) []Scenario {
	base := Base(workers)
	out := []Scenario{base}
	with := func(name string, change func(*Scenario)) {
		s := base
		s.Name = name
		change(&s)
		out = append(out, s)
	}
	for _, c := range codecs {
		if c != base.Codec {
			with(c, func(s *Scenario) { s.Codec = c })
		}
	}
	with(SourceFiltered, func(s *Scenario) { s.Source = SourceFiltered })
	for _, h := range []int{1, 100} {
		with("hits-"+strconv.Itoa(h), func(s *Scenario) { s.Hits = h })
	}
	with("pool-"+PoolDefault, func(s *Scenario) { s.Pool = PoolDefault })
	return out
}

// Includes is the scenario's _source_includes: the projected fields, or "" for SourceFull.
func (s Scenario) Includes() (string, error) {
	switch s.Source {
	case SourceFull:
		return "", nil
	case SourceFiltered:
		fields, err := ProjectedFields()
		return strings.Join(fields, ","), err
	}
	return "", fmt.Errorf("source %q: want %s or %s", s.Source, SourceFull, SourceFiltered)
}

// ProjectedFields are the _source fields the API server's client uses (the es-hits projection's).
func ProjectedFields() ([]string, error) {
	f, err := fixtures.Lookup("es-hits-1-full")
	if err != nil {
		return nil, err
	}
	names := make([]string, len(f.Get5))
	for i, p := range f.Get5 {
		names[i] = p[len(p)-1]
	}
	return names, nil
}

// A Load is how the load generator drives the API server.
type Load struct {
	Workers int // requests in flight at most
	Rate    int // requests per second; 0: as many as Workers complete
}

// String names the load in a cell: N-workers or N-rps (not -digits, which benchfmt reads as GOMAXPROCS).
func (l Load) String() string {
	if l.Rate == 0 {
		return strconv.Itoa(l.Workers) + "-workers"
	}
	return strconv.Itoa(l.Rate) + "-rps"
}

// A Cell is one measurement: a scenario under a load.
type Cell struct {
	Scenario
	Load Load
}

// Name is the cell's benchmark name, as benchfmt holds it.
func (c Cell) Name() benchfmt.Name {
	return benchfmt.Name(fmt.Sprintf("%s/scenario=%s/codec=%s/source=%s/hits=%d/pool=%s/load=%s", Benchmark, c.Scenario.Name, c.Codec, c.Source, c.Hits, c.Pool, c.Load))
}

// ParseCell returns the cell a result line names; false for another benchmark, a missing key or a bad load.
func ParseCell(name benchfmt.Name) (Cell, bool) {
	keys, ok := rawfmt.NameKeys(name, Benchmark)
	hits, _ := strconv.Atoi(keys["hits"])
	n, what, _ := strings.Cut(keys["load"], "-") // Load.String's; a fixed-rate load's name does not hold its workers
	v, _ := strconv.Atoi(n)
	load := map[string]Load{"workers": {Workers: v}, "rps": {Rate: v}}[what]
	c := Cell{Scenario{Name: keys["scenario"], Codec: keys["codec"], Source: keys["source"], Hits: hits, Pool: keys["pool"]}, load}
	return c, ok && c.Scenario.Name != "" && c.Codec != "" && c.Source != "" && c.Hits > 0 && c.Pool != "" && v > 0 && load != Load{}
}

// Units of a result line's values: each a median over the requests measured or a total divided by them.
const (
	UnitReqs       = "req/s"              // successful responses per second
	UnitP50        = "p50-ns"             // latency percentiles seen by the load generator
	UnitP90        = "p90-ns"             //
	UnitP99        = "p99-ns"             //
	UnitP999       = "p99.9-ns"           //
	UnitAPICPU     = "api-cpu-ns/req"     // user+system CPU of the API server process
	UnitBackendCPU = "backend-cpu-ns/req" // the same of the loopback backend (absent for a real cluster)
	UnitB          = "B/req"              // bytes the API server allocated
	UnitAllocs     = "allocs/req"         // heap objects the API server allocated
	UnitConns      = "conns/req"          // backend connections the API server opened
	UnitBackendB   = "backend-B/req"      // bytes of the backend's search response bodies
)

// Configuration keys a raw file has besides the rawfmt ones.
const (
	KeyBackend        = "backend"         // "loopback", or the host of a real cluster
	KeyBackendVersion = "backend-version" // what the cluster says it runs
	KeyIndex          = "index"
	KeyWorkers        = "workers"        // load generator workers, and so requests in flight
	KeyRate           = "rate"           // requests per second of the fixed-rate load
	KeyDuration       = "duration"       // measured time per cell and round, at most
	KeyWarmup         = "warmup"         // unmeasured load before it
	KeyMaxRequests    = "max-requests"   // requests per cell and round, at most
	KeyProfileHz      = "cpu-profile-hz" // the rate of the API server's CPU profiles, when the run took them
)
