package cpuprofile

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/google/pprof/profile"
)

// Read parses a Go CPU profile, gzipped or not, as net/http/pprof, go test -cpuprofile and runtime/pprof
// write it. It refuses, each with one line: data that is no profile, a profile of anything but CPU time
// (a heap profile, say), one without samples, and one whose frames carry no function names (a profile
// of another binary, never symbolized).
func Read(data []byte) (*profile.Profile, error) {
	isCPU := func(p *profile.Profile) bool { // its period or a sample type is cpu
		return p.PeriodType != nil && p.PeriodType.Type == "cpu" || typeIndex(p, "cpu") >= 0
	}
	return parse(data, isCPU,
		"not a CPU profile: take one with net/http/pprof's /debug/pprof/profile, go test -cpuprofile or runtime/pprof.StartCPUProfile",
		"a CPU profile without samples: profile the program while it works",
		"a profile without symbols: its frames name no function; symbolize it against its binary first (go tool pprof -proto binary profile > symbolized.pprof)")
}

// ReadHeap parses a Go heap profile, as net/http/pprof's /debug/pprof/allocs and /debug/pprof/heap and
// runtime/pprof write it, for the bytes it says each stack allocated (alloc_space, which ValueIndex
// picks). It refuses, each with one line, what is no profile, a profile without alloc_space, one
// without samples and one without symbols.
func ReadHeap(data []byte) (*profile.Profile, error) {
	return parse(data, func(p *profile.Profile) bool { return typeIndex(p, AllocSpace) >= 0 },
		"not a heap profile: take one with net/http/pprof's /debug/pprof/allocs or runtime/pprof's WriteHeapProfile",
		"a heap profile without samples",
		"a heap profile without symbols: symbolize it against its binary first (go tool pprof -proto binary profile > symbolized.pprof)")
}

// parse parses a profile and refuses, with the error texts given, one that is not of the kind
// wanted accepts (wrongKind follows the kind it is), one without samples and one without symbols.
func parse(data []byte, wanted func(*profile.Profile) bool, wrongKind, noSamples, noSymbols string) (*profile.Profile, error) {
	p, err := profile.Parse(bytes.NewReader(data))
	if err != nil {
		first, _, _ := strings.Cut(err.Error(), "\n")
		return nil, fmt.Errorf("not a pprof profile (%v)", first)
	}
	switch {
	case !wanted(p):
		return nil, fmt.Errorf("a %s profile, %s", kind(p), wrongKind)
	case len(p.Sample) == 0:
		return nil, errors.New(noSamples)
	case !symbolized(p):
		return nil, errors.New(noSymbols)
	}
	return p, nil
}

// AllocSpace is the sample type of a heap profile's bytes allocated.
const AllocSpace = "alloc_space"

// typeIndex is the index of p's sample type typ, -1 for none.
func typeIndex(p *profile.Profile, typ string) int {
	return slices.IndexFunc(p.SampleType, func(st *profile.ValueType) bool { return st.Type == typ })
}

// kind names what a profile measures, from its sample types: "heap" for allocation or in-use space.
func kind(p *profile.Profile) string {
	var types []string
	for _, st := range p.SampleType {
		if strings.Contains(st.Type, "alloc") || strings.Contains(st.Type, "inuse") {
			return "heap"
		}
		types = append(types, st.Type)
	}
	return cmp.Or(strings.Join(types, "/"), "untyped")
}

// symbolized reports whether any sample's frames name a function.
func symbolized(p *profile.Profile) bool {
	return slices.ContainsFunc(p.Sample, func(s *profile.Sample) bool {
		return slices.ContainsFunc(Frames(s), func(fn string) bool { return fn != "" })
	})
}
