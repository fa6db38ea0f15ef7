package codecs

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"unsafe"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/ast"
	"golang.org/x/sys/cpu"
)

// The three sonic configurations. sonic compiles a codec per type; outside
// amd64 and arm64 and a window of Go versions it silently wraps
// encoding/json, which sonicEngine reports.
var (
	sonicStd     = sonicConfig("sonic-std", NearStd, sonic.ConfigStd, FullOps)
	sonicDefault = sonicConfig("sonic-default", Fast, sonic.ConfigDefault, slices.Concat(FullOps, []Op{Get5}), "Marshaler output compaction")
	sonicFastest = sonicConfig("sonic-fastest", Fast, sonic.ConfigFastest, FullOps, "Marshaler output compaction and validation", "validation of skipped values")
)

// sonicConfig returns a sonic configuration with sonic's depth limit and signless
// zero; a fast one also skips sonic's default work, Marshaler's (skips[0]) and skips[1:].
func sonicConfig(name string, cat Category, api sonic.API, ops []Op, skips ...string) *Codec {
	limits := []string{"nesting depth limit 4096 (encoding/json: 10000)", "-0 decodes as 0 (an integer zero loses its sign)"}
	if cat == Fast {
		limits = slices.Concat([]string{"HTML escaping", "map key sorting", "UTF-8 validation on encode", "UTF-8 validation on decode", "U+2028 escaping", skips[0], "control character validation"},
			skips[1:], limits,
			[]string{"rejecting an unterminated top-level string (accepts one 32, 64, … bytes long, cut by a byte)", "string copying (strings point into one copy of the whole input)"})
	} else {
		limits = append(limits, escapedFFFD...)
	}
	c := stdAPI(name, "github.com/bytedance/sonic", cat, api.Marshal, api.Unmarshal, limits...)
	c.Ops, c.Engine = ops, sonicEngine(thisHost())
	c.Warmup = func(example any) error { return sonic.Pretouch(reflect.TypeOf(example)) }
	if slices.Contains(ops, Get5) {
		c.Get = sonicGetter
	}
	return c
}

// fallbackEngine is the engine of a build in which sonic wraps encoding/json.
const fallbackEngine = "fallback-encoding-json"

// sonicHost is what decides which implementation sonic runs in a process.
type sonicHost struct {
	apiKind      int    // sonic.APIKind: sonic.UseSonicJSON when sonic's own code is compiled in
	goarch, mode string // runtime.GOARCH and $SONIC_MODE ("noavx" and "noavx2" turn AVX2 off)
	avx2, race   bool   // the CPU and OS support AVX2 (amd64 only); built with -race
}

func thisHost() sonicHost {
	return sonicHost{apiKind: sonic.APIKind, goarch: runtime.GOARCH, mode: os.Getenv("SONIC_MODE"), avx2: cpu.X86.HasAVX2, race: RaceEnabled}
}

// sonicEngine names the implementation sonic runs on h, as sonic's sources
// choose it: the encoding/json wrapper when APIKind says so; on amd64 its
// JIT with AVX2 kernels ("jit") or SSE ones ("jit-sse"); on arm64 a Go VM
// over NEON kernels ("native-neon"). Under -race its encoder also runs
// encoding/json, which the suffix "-race" records.
func sonicEngine(h sonicHost) string {
	if h.apiKind != sonic.UseSonicJSON {
		return fallbackEngine
	}
	var e string
	switch h.goarch {
	case "amd64":
		e = "jit"
		if !h.avx2 || h.mode == "noavx" || h.mode == "noavx2" {
			e = "jit-sse"
		}
	case "arm64":
		e = "native-neon"
	default:
		e = "native-" + h.goarch
	}
	if h.race {
		e += "-race"
	}
	return e
}

// sonicGetter reads the paths from one lazily parsed ast.Node, which parses
// the way to each path once and reads the caller's bytes in place, as
// sonic.Get does with a []byte.
func sonicGetter(paths [][]string) func([]byte) ([][]byte, error) {
	compiled := make([][]any, len(paths))
	for i, p := range paths {
		for _, seg := range p {
			var key any = seg
			if n, err := strconv.Atoi(seg); err == nil {
				key = n
			}
			compiled[i] = append(compiled[i], key)
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
