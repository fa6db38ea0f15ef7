package rawfmt

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// The HTTP benchmark (make bench-http) writes one result line per cell and
// round, a sub-benchmark of HTTPBenchmark whose key=value parts name the
// scenario's settings and the load:
//
//	BenchmarkHTTP/scenario=base/codec=encoding-json/source=full/hits=10/pool=sized-64/load=64-workers 41230 5710 req/s 9874123 p50-ns …
//
// Its iterations are the requests measured; its values carry the HTTP units
// below, and its configuration lines add the HTTP keys to the common ones.
const (
	HTTPBenchmark = "Benchmark" + HTTPReadName
	HTTPReadName  = "HTTP" // the name as benchfmt.Result holds it
)

// The name keys of an HTTP cell besides KeyCodec.
const (
	KeyScenario = "scenario"
	KeySource   = "source"
	KeyHits     = "hits"
	KeyPool     = "pool"
	KeyLoad     = "load"
)

// A Scenario is one configuration of the HTTP benchmark's API server and its
// backend (package internal/httpbench builds them).
type Scenario struct {
	Name   string // "base", or the one value it changes: a codec, "filtered", "hits-1", "pool-default"
	Codec  string // a codecs registry name
	Source string // "full" or "filtered": whether the backend drops the fields the API server does not use
	Hits   int    // hits per backend response
	Pool   string // the API server's idle connections per backend host: "default" or "sized-N"
}

// An HTTPLoad is how the load generator drives the API server.
type HTTPLoad struct {
	Workers int // requests in flight at most
	Rate    int // requests per second; 0: as many as Workers complete
}

// String names the load in a cell: N-workers or N-rps (not -digits, which
// benchfmt reads as GOMAXPROCS). A fixed-rate load's name leaves out its workers.
func (l HTTPLoad) String() string {
	if l.Rate == 0 {
		return strconv.Itoa(l.Workers) + "-workers"
	}
	return strconv.Itoa(l.Rate) + "-rps"
}

// An HTTPCell is one HTTP measurement: a scenario under a load.
type HTTPCell struct {
	Scenario
	Load HTTPLoad
}

// Name is the cell's benchmark name as benchfmt.Result holds it (HTTPReadName/…).
func (c HTTPCell) Name() benchfmt.Name {
	return benchfmt.Name(fmt.Sprintf("%s/%s=%s/%s=%s/%s=%s/%s=%d/%s=%s/%s=%s", HTTPReadName, KeyScenario, c.Scenario.Name,
		KeyCodec, c.Codec, KeySource, c.Source, KeyHits, c.Hits, KeyPool, c.Pool, KeyLoad, c.Load))
}

// ParseHTTPCell returns the cell a result names, as go test prints it or
// benchfmt.Reader reads it; false for another benchmark, a missing key or a
// bad load.
func ParseHTTPCell(name benchfmt.Name) (HTTPCell, bool) {
	keys, ok := NameKeys(name, HTTPBenchmark, HTTPReadName)
	hits, _ := strconv.Atoi(keys[KeyHits])
	n, what, _ := strings.Cut(keys[KeyLoad], "-")
	v, _ := strconv.Atoi(n)
	load := map[string]HTTPLoad{"workers": {Workers: v}, "rps": {Rate: v}}[what]
	c := HTTPCell{Scenario{Name: keys[KeyScenario], Codec: keys[KeyCodec], Source: keys[KeySource], Hits: hits, Pool: keys[KeyPool]}, load}
	return c, ok && c.Scenario.Name != "" && c.Codec != "" && c.Source != "" && c.Hits > 0 && c.Pool != "" && v > 0 && load != HTTPLoad{}
}

// Units of an HTTP cell's values: each over the requests measured in one
// round, a rate, a latency percentile or a total divided by them.
const (
	UnitReqs       = "req/s"              // successful responses per second
	UnitP50        = "p50-ns"             // latency percentiles seen by the load generator
	UnitP90        = "p90-ns"             //
	UnitP99        = "p99-ns"             //
	UnitP999       = "p99.9-ns"           //
	UnitAPICPU     = "api-cpu-ns/req"     // user+system CPU of the API server process
	UnitBackendCPU = "backend-cpu-ns/req" // the same of the loopback backend (absent for a real cluster)
	UnitBReq       = "B/req"              // bytes the API server allocated
	UnitAllocsReq  = "allocs/req"         // heap objects the API server allocated
	UnitConns      = "conns/req"          // backend connections the API server opened
	UnitBackendB   = "backend-B/req"      // bytes of the backend's search response bodies
)

// Configuration keys of an HTTP raw file besides the common ones.
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
