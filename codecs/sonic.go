package codecs

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"unsafe"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/ast"
	"golang.org/x/sys/cpu"
)

// The three sonic configurations. sonic compiles a JIT codec per type; it
// runs only on amd64/arm64 within a window of Go versions and otherwise
// silently wraps encoding/json, which sonicEngine reports.
var (
	sonicStd = &Codec{
		Name:      "sonic-std",
		Module:    "github.com/bytedance/sonic",
		Category:  NearStd,
		Skips:     []string{"nesting depth limit 4096 (encoding/json: 10000)", "-0 decodes as 0 (an integer zero loses its sign)"},
		Ops:       FullOps,
		Marshal:   sonic.ConfigStd.Marshal,
		Unmarshal: sonic.ConfigStd.Unmarshal,
		Engine:    sonicEngine,
		Warmup:    sonicPretouch,
	}
	sonicDefault = &Codec{
		Name:      "sonic-default",
		Module:    "github.com/bytedance/sonic",
		Category:  Fast,
		Skips:     []string{"HTML escaping", "map key sorting", "UTF-8 validation on encode", "UTF-8 validation on decode", "U+2028 escaping", "Marshaler output compaction", "control character validation", "nesting depth limit 4096 (encoding/json: 10000)", "-0 decodes as 0 (an integer zero loses its sign)", "rejecting an unterminated top-level string (accepts one 32, 64, … bytes long, cut by a byte)", "string copying (strings point into one copy of the whole input)"},
		Ops:       slices.Concat(FullOps, []Op{Get5}),
		Marshal:   sonic.ConfigDefault.Marshal,
		Unmarshal: sonic.ConfigDefault.Unmarshal,
		Get:       sonicGetter,
		Engine:    sonicEngine,
		Warmup:    sonicPretouch,
	}
	sonicFastest = &Codec{
		Name:      "sonic-fastest",
		Module:    "github.com/bytedance/sonic",
		Category:  Fast,
		Skips:     []string{"HTML escaping", "map key sorting", "UTF-8 validation on encode", "UTF-8 validation on decode", "U+2028 escaping", "Marshaler output compaction and validation", "control character validation", "validation of skipped values", "nesting depth limit 4096 (encoding/json: 10000)", "-0 decodes as 0 (an integer zero loses its sign)", "rejecting an unterminated top-level string (accepts one 32, 64, … bytes long, cut by a byte)", "string copying (strings point into one copy of the whole input)"},
		Ops:       FullOps,
		Marshal:   sonic.ConfigFastest.Marshal,
		Unmarshal: sonic.ConfigFastest.Unmarshal,
		Engine:    sonicEngine,
		Warmup:    sonicPretouch,
	}
)

// sonicEngine is "jit" only when the sonic implementation is compiled in
// and the CPU is one it accelerates.
func sonicEngine() string {
	accelerated := runtime.GOARCH == "arm64" || (runtime.GOARCH == "amd64" && cpu.X86.HasAVX)
	if sonic.APIKind == sonic.UseSonicJSON && accelerated {
		return "jit"
	}
	return "fallback-encoding-json"
}

func sonicPretouch(example any) error {
	return sonic.Pretouch(reflect.TypeOf(example))
}

// sonicGetter reads the paths from one lazily parsed ast.Node: the parts of
// the document on the way to a path are parsed once and kept for the next
// path, the rest is skipped. The node reads the caller's bytes in place,
// as sonic.Get does with a []byte: no copy of the document.
func sonicGetter(paths [][]string) func([]byte) ([][]byte, error) {
	compiled := make([][]any, len(paths))
	for i, p := range paths {
		for _, seg := range p {
			if n, err := strconv.Atoi(seg); err == nil {
				compiled[i] = append(compiled[i], n)
			} else {
				compiled[i] = append(compiled[i], seg)
			}
		}
	}
	return func(data []byte) ([][]byte, error) {
		root := ast.NewRaw(unsafe.String(unsafe.SliceData(data), len(data)))
		out := make([][]byte, len(compiled))
		for i, p := range compiled {
			raw, err := root.GetByPath(p...).Raw()
			if err != nil {
				return nil, fmt.Errorf("path %q: %w", paths[i], err)
			}
			out[i] = []byte(raw)
		}
		return out, nil
	}
}
