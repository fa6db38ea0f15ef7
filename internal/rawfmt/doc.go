// Package rawfmt defines jsoncost's raw results format, the one place that
// spells its names: the benchfmt files (golang.org/x/perf/benchfmt) that a
// runner writes, the benchmark binary fills and the report reads.
//
// Configuration lines (the Key… constants) come first, written by
// internal/runinfo's WriteHeader, then the benchmark binary and go test: the
// commit, command, toolchain, machine and runtime settings, the mode's own keys
// and each codec configuration's two lines ([CodecConfig]), so that a page is
// built from the raw file alone:
//
//	jsoncost-commit: 7a04917c3e1f
//	command: go run ./scripts/bench -rounds 20
//	codec-sonic-std: github.com/bytedance/sonic@v1.15.5 near-std jit
//	skips-sonic-std: nesting depth limit 4096 (encoding/json: 10000); -0 decodes as 0
//
// Result lines name a cell ([Cell]) as a sub-benchmark of BenchmarkCodec with
// key=value parts that benchproc projects, in go test's units and the suite's
// (the Unit… constants); the harness cells sit beside the codecs:
//
//	BenchmarkCodec/op=decode-map/fixture=fields-0050/codec=goccy-2  1000  1234 ns/op ...
//
// The HTTP benchmark's lines name an [HTTPCell], a scenario under a load, as a
// sub-benchmark of BenchmarkHTTP in the same way (http.go).
//
// A file is named results/<machine-id>/raw/<UTC timestamp>[-kind].txt (see
// [RawName]) and written as [RawName.Partial] until the run completes.
package rawfmt
