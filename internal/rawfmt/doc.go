// Package rawfmt defines jsoncost's raw results format: the benchfmt files
// that the runner (scripts/bench) writes, the benchmark binary fills, and the
// report (scripts/report) reads. It is the only place that spells the format's
// names; everything else calls it.
//
// A raw file is a Go benchmark output file (golang.org/x/perf/benchfmt) with
// three kinds of lines.
//
// Configuration lines, "key: value", come first. The runner writes them
// with one function (internal/runinfo's WriteHeader) in every mode: the
// suite's commit, the exact command, the toolchain, machine and runtime
// settings, the mode's own keys (such as the random seed of the run's cell
// order), and two lines per codec configuration:
//
//	jsoncost-commit: 7a04917c3e1f
//	command: go run ./scripts/bench -rounds 20
//	order-seed: 1469598103934665603
//	codec-sonic-std: github.com/bytedance/sonic@v1.15.5 near-std jit
//	skips-sonic-std: nesting depth limit 4096 (encoding/json: 10000); -0 decodes as 0
//
// The codec line's value is module@version, category and engine, separated
// by spaces; the skips line's is what the configuration gives up against
// encoding/json, items separated by "; ", or "none" (see [CodecConfig]), so
// a page is built from the raw file alone. Runs made before the skips line
// existed have codec lines only; they still parse, and their pages say the
// run did not record what each configuration gives up. The benchmark binary
// adds sonic-engine and race; go test adds goos, goarch, pkg and cpu. The
// keys are the Key… constants.
//
// Result lines name one cell as a sub-benchmark of BenchmarkCodec whose
// name parts are key=value pairs, so benchstat and benchproc can project
// them (see [Cell]):
//
//	BenchmarkCodec/op=decode-map/fixture=fields-0050/codec=goccy-2  1000  1234 ns/op ...
//
// Besides go test's ns/op, MB/s, B/op and allocs/op, each cell reports the
// constant size of its document as fields/op and doc-B/op, and ns/field
// (see the Unit… constants). Two harness cells sit beside the codecs: noop
// (the loop and one call through a function value) and floor (the least
// work the operation cannot avoid: a read-only pass over the input, a copy
// of the output into one reused buffer). Runs made before the floor have
// memcpy cells instead, an allocating copy (see [AllocRef]).
//
// The file's name says when and how it was made (see [RawName]):
// results/<machine-id>/raw/<UTC timestamp>[-kind].txt, where kind is empty
// for a full run of the matrix, "quick", "custom" (a narrowed selection) or
// "instr" (instruction counts). While a run is in progress it writes to
// [RawName.Partial] and renames into place only when complete.
package rawfmt
