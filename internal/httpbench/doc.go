// Package httpbench holds what the HTTP benchmark (scripts/http, make bench-http) shares between
// its processes: the scenarios, the servers' Stats and the API server's CPU profiles. Package
// rawfmt spells its raw file: the cells' names (rawfmt.HTTPCell), units and configuration keys.
//
// The command writes one benchfmt line per cell and round, from the servers' Stats before and after
// its load, such as
//
//	BenchmarkHTTP/scenario=base/codec=encoding-json/source=full/hits=10/pool=sized-64/load=64-workers 41230 5710 req/s 9874123 p50-ns …
//
// whose iterations are the requests measured and whose values carry rawfmt's HTTP units. The API
// server serves its CPU profile (Profiler) over each cell's measured load; a ProfileSet labels every
// sample with its cell's load and round and merges a scenario's profiles into ProfileDir beside the
// raw file. Package report/load reads the raw file back (load.ReadHTTP) and package httppage turns
// both into the page.
package httpbench
