// Package httpbench holds what the HTTP benchmark (scripts/http, make
// bench-http) shares between its processes and its report: the scenarios
// and their names in raw results, the units of a result line, and the
// counters each server reports over its stats endpoint.
//
// Data flows one way. The command starts a search backend (package
// backend) and, for each cell, an API server (package api) in a child
// process of its own; it drives the API server with package vegetaload,
// reads both servers' Stats before and after, and writes one benchfmt
// result line per cell and round, named by [Cell.Name], such as
//
//	BenchmarkHTTP/scenario=base/codec=encoding-json/source=full/hits=10/pool=sized-64/load=64-workers 41230 5710 req/s 9874123 p50-ns …
//
// whose iteration count is the number of requests measured and whose
// values carry the Unit… constants, after the configuration lines (the
// rawfmt keys, then the Key… constants here). Package httppage turns a raw
// file alone into the page.
package httpbench
