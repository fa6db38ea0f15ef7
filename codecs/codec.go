// Package codecs holds every JSON codec configuration the suite compares and
// the correctness gate that checks a configuration's output before it is timed.
//
// Data flows one way: the registry (registry.go) lists the configurations,
// one small file per library builds them, and the gate (gate.go) compares
// their output with the reference for their category. Everything downstream
// iterates a List, the registry's or one a test makes of it, and names no
// codec.
package codecs

import (
	"cmp"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Category is a configuration's fairness class: which semantics it keeps
// relative to encoding/json, and so the rule the gate holds its output to.
type Category string

// The categories, from strictest to loosest.
const (
	Std     Category = "std"      // same bytes as encoding/json
	NearStd Category = "near-std" // std API, documented differences (see Skips)
	V2      Category = "v2"       // the encoding/json/v2 semantics
	Fast    Category = "fast"     // skips work encoding/json does (see Skips)
	Codegen Category = "codegen"  // generated code for the fixture types
)

// Categories lists every valid category in report order.
var Categories = []Category{Std, NearStd, V2, Fast, Codegen}

// Op is a benchmarked operation, named as rawfmt names it in result lines.
//
// An operation is added in these places: its rawfmt.Op constant and its
// base (rawfmt.BaseOf, rawfmt.Partner); its constant here, in Ops, and in
// Decodes or Encodes; each codec's Ops and funcs (codecs/<name>.go); the
// reference the gate checks it against (gate.go); the timed loop of
// body.go, and floor.go's empty loop if it neither decodes nor encodes;
// DocumentOps in document.go and the matrix in matrix.go; where the report
// names it (internal/report/load/names.go and the model's per-operation
// tables); and the README's table of operations.
type Op string

// The operations, named as they appear in benchmark names.
const (
	DecodeStruct Op = rawfmt.OpDecodeStruct // into the fixture's generated struct
	DecodeMap    Op = rawfmt.OpDecodeMap    // into map[string]any
	DecodeProj   Op = rawfmt.OpDecodeProj   // into the projected 5-field struct
	EncodeStruct Op = rawfmt.OpEncodeStruct // the generated struct to JSON
	EncodeMap    Op = rawfmt.OpEncodeMap    // map[string]any to JSON
	Roundtrip    Op = rawfmt.OpRoundtrip    // decode-struct then encode-struct
	Get5         Op = rawfmt.OpGet5         // lazy access to 5 fields, no full decode
)

// Ops lists every operation in report order.
var Ops = []Op{DecodeStruct, DecodeMap, DecodeProj, EncodeStruct, EncodeMap, Roundtrip, Get5}

// FullOps are the operations of a codec with the encoding/json API.
var FullOps = Ops[:6:6]

// OpNames returns the names of ops, in order.
func OpNames(ops []Op) []string {
	names := make([]string, len(ops))
	for i, op := range ops {
		names[i] = string(op)
	}
	return names
}

// Decodes reports whether op calls a codec's Unmarshal.
func (op Op) Decodes() bool {
	return op == DecodeStruct || op == DecodeMap || op == DecodeProj || op == Roundtrip
}

// Encodes reports whether op calls a codec's Marshal.
func (op Op) Encodes() bool { return op == EncodeStruct || op == EncodeMap || op == Roundtrip }

// Codec is one configuration of one JSON library.
type Codec struct {
	Name     string   // unique; no trailing "-digits" (go test appends -GOMAXPROCS)
	Module   string   // module path whose version build info reports; "" for the standard library
	Category Category // fairness class
	Skips    []string // what it does differently from encoding/json (for fast: the work it skips)
	Ops      []Op     // supported operations

	Marshal   func(v any) ([]byte, error)
	Unmarshal func(data []byte, v any) error
	// Get compiles paths (a decimal segment indexes an array) into a reader of
	// each one's raw JSON that decodes nothing else. For Get5; nil when unsupported.
	Get func(paths [][]string) func(data []byte) ([][]byte, error)

	FloatDigits int                     // decimal places the encoder keeps for floats, when non-zero: the gate allows that rounding
	Engine      string                  // the implementation that actually runs; "" means the library itself
	Warmup      func(example any) error // prepares for values of the example's type (sonic's Pretouch); may be nil
}

// stdAPI returns a configuration with encoding/json's API and its operations.
func stdAPI(name, module string, cat Category, marshal func(any) ([]byte, error), unmarshal func([]byte, any) error, skips ...string) *Codec {
	return &Codec{Name: name, Module: module, Category: cat, Skips: skips, Ops: FullOps, Marshal: marshal, Unmarshal: unmarshal}
}

// getOnly returns a fast configuration that supports get5 alone, reading paths with get.
func getOnly(name, module string, get func(paths [][]string) func(data []byte) ([][]byte, error), skips ...string) *Codec {
	return &Codec{Name: name, Module: module, Category: Fast, Skips: skips, Ops: []Op{Get5}, Get: get}
}

// Supports reports whether c implements op.
func (c *Codec) Supports(op Op) bool { return slices.Contains(c.Ops, op) }

// EngineName returns the implementation that runs for c.
func (c *Codec) EngineName() string { return cmp.Or(c.Engine, "native") }

// ModuleVersion returns "module@version" from the binary's build
// information ("(unknown)" in a test binary), or "std@goX.Y.Z".
func (c *Codec) ModuleVersion() string {
	if c.Module == "" {
		return "std@" + runtime.Version()
	}
	return c.Module + "@" + cmp.Or(buildInfo()[c.Module], "(unknown)")
}

// buildInfo maps each dependency to its version and each build setting to its value.
var buildInfo = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return m
	}
	for _, d := range bi.Deps {
		m[d.Path] = d.Version
		if d.Replace != nil {
			m[d.Path] = d.Replace.Version
		}
	}
	for _, s := range bi.Settings {
		m[s.Key] = s.Value
	}
	return m
})
