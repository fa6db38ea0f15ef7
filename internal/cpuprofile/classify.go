package cpuprofile

import (
	"slices"
	"strings"
)

// The rules, applied to a sample's stack in this order:
//
//  1. A stack under one of the collector's own workers, or the runtime's pseudo-frame of GC time it
//     could not unwind, or in a GC assist (gcWorkers) is GC: the paired meter times codecs
//     with the collector off and charges collection on its own axis.
//  2. A stack with a frame of a codec module's packages is JSON work, allocation inside it included,
//     as a microbenchmark of the codec counts it, unless a frame of netPkgs lies below its innermost
//     codec frame: that is the network read a streaming decoder makes through its reader
//     (json.(*Decoder).refill → net/http.(*body).Read), and is Net. Its outermost codec frame
//     (nearest the root) is its entry: the first of it and the codec frames below it whose name says
//     decode or unmarshal makes it Decode, marshal or encode makes it Encode; one that names neither
//     reads (Get, Parse, Valid) and is Decode. Its call site is the first frame above the entry that
//     is in no codec and not the runtime's.
//  3. A stack with an allocation or GC frame of the runtime (gcFunc) is GC.
//  4. The leaf-most frame that decides (outside the runtime and the general-purpose packages of
//     helperPkgs) is in a package of netPkgs: Net; the runtime's network poller also is.
//  5. Everything else is Other.
//
// Apart from its class, a stack under bodyRead reads an HTTP body: the part of the CPU that a smaller
// body shrinks.

// gcWorkers are the runtime's GC goroutines and pseudo-frames, and its GC work done by an allocating
// goroutine (an assist).
var gcWorkers = []string{"runtime.gcBgMarkWorker", "runtime.bgsweep", "runtime.bgscavenge", "runtime._GC",
	"runtime.gcAssistAlloc", "runtime.gcAssistAlloc1", "runtime.gcDrainN"}

// bodyRead are the functions that read an HTTP body, client or server side.
var bodyRead = []string{"net/http.(*body).Read", "net/http.(*http2transportResponseBody).Read", "net/http.(*http2requestBody).Read"}

// gcPrefixes start the names of the runtime's allocation and GC functions.
var gcPrefixes = []string{"runtime.mallocgc", "runtime.newobject", "runtime.newarray", "runtime.makeslice",
	"runtime.growslice", "runtime.makemap", "runtime.gc", "runtime.(*mheap)", "runtime.(*mcache)",
	"runtime.(*mcentral)", "runtime.(*gcWork)", "runtime.scanobject", "runtime.markroot", "runtime.sweepone",
	"runtime.wbBuf", "runtime.bulkBarrier"}

// netPkgs are the packages of net/http with its syscalls, each with the packages under it.
var netPkgs = []string{"net", "crypto/tls", "internal/poll", "syscall", "internal/runtime/syscall",
	"golang.org/x/net", "vendor/golang.org/x/net"}

// helperPkgs are general-purpose packages that decide nothing: the frame below or above them does.
var helperPkgs = []string{"runtime", "internal", "bufio", "bytes", "io", "strings", "strconv", "sync", "unicode",
	"context", "time", "errors", "slices", "maps", "sort"}

// A stackClass is what classify finds in one stack.
type stackClass struct {
	class    Class
	module   int    // the codec module of JSON work
	entryPkg string // the package of its outermost codec frame
	site     string // its call site, "" when the stack has none
}

func (t Table) classify(fns []string) stackClass {
	if slices.ContainsFunc(fns, func(fn string) bool { return slices.Contains(gcWorkers, trimClosure(fn)) }) {
		return stackClass{class: GC}
	}
	inner, entry, module := -1, -1, -1
	for i, fn := range fns {
		if m := t.module(packagePath(fn)); m >= 0 {
			entry, module = i, m
			if inner < 0 {
				inner = i
			}
		}
	}
	if entry >= 0 && slices.ContainsFunc(fns[:inner], func(fn string) bool { return under(packagePath(fn), netPkgs...) }) {
		return stackClass{class: Net}
	}
	if entry >= 0 {
		sc := stackClass{class: Decode, module: module, entryPkg: packagePath(fns[entry])}
	verb:
		for i := entry; i >= 0; i-- {
			if t.module(packagePath(fns[i])) < 0 {
				continue
			}
			switch name := strings.ToLower(funcName(fns[i])); {
			case strings.Contains(name, "unmarshal"), strings.Contains(name, "decode"):
				break verb
			case strings.Contains(name, "marshal"), strings.Contains(name, "encode"):
				sc.class = Encode
				break verb
			}
		}
		for _, fn := range fns[entry+1:] {
			if pkg := packagePath(fn); t.module(pkg) < 0 && !under(pkg, "runtime", "internal/runtime") {
				sc.site = fn
				break
			}
		}
		return sc
	}
	if slices.ContainsFunc(fns, func(fn string) bool {
		return slices.ContainsFunc(gcPrefixes, func(p string) bool { return strings.HasPrefix(fn, p) })
	}) {
		return stackClass{class: GC}
	}
	for _, fn := range fns {
		pkg := packagePath(fn)
		switch {
		case under(pkg, netPkgs...) || strings.HasPrefix(fn, "runtime.netpoll"):
			return stackClass{class: Net}
		case !under(pkg, helperPkgs...):
			return stackClass{class: Other}
		}
	}
	return stackClass{class: Other}
}

// under reports whether package pkg is one of roots or under one.
func under(pkg string, roots ...string) bool {
	return slices.ContainsFunc(roots, func(r string) bool { return pkg == r || strings.HasPrefix(pkg, r+"/") })
}

// packagePath is the import path of a Go function's symbol name:
// "github.com/goccy/go-json/internal/decoder.(*structDecoder).Decode" → "github.com/goccy/go-json/internal/decoder".
// The linker writes a dot in the last element of the path as %2e: "gopkg.in/yaml%2ev3.Unmarshal".
func packagePath(fn string) string {
	return strings.ReplaceAll(fn[:pathEnd(fn)], "%2e", ".")
}

// pathEnd is the length of the package path at the start of fn.
func pathEnd(fn string) int {
	fn, _, _ = strings.Cut(fn, "[") // type arguments may hold paths of their own
	slash := strings.LastIndexByte(fn, '/') + 1
	if dot := strings.IndexByte(fn[slash:], '.'); dot >= 0 {
		return slash + dot
	}
	return len(fn)
}

// funcName is the name after the package path: "(*structDecoder).Decode".
func funcName(fn string) string {
	return strings.TrimPrefix(fn[pathEnd(fn):], ".")
}

// trimClosure drops a closure's suffix: "runtime.gcBgMarkWorker.func2" → "runtime.gcBgMarkWorker".
func trimClosure(fn string) string {
	for {
		i := strings.LastIndex(fn, ".func")
		if i < 0 || strings.Trim(fn[i+len(".func"):], "0123456789.") != "" {
			return fn
		}
		fn = fn[:i]
	}
}
