package httpbench

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// The values of a scenario's source and pool.
const (
	SourceFull     = "full"     // the whole _source; the API server projects the 5 fields itself
	SourceFiltered = "filtered" // _source_includes names the 5 fields; the backend drops the rest
	PoolDefault    = "default"  // a clone of http.DefaultTransport: 2 idle connections per host
)

// PoolSized is the pool of a transport that keeps n idle connections per host.
func PoolSized(n int) string { return "sized-" + strconv.Itoa(n) }

// ParsePool returns the idle connections per host a pool keeps: 0 for PoolDefault (Go's default, 2).
func ParsePool(pool string) (int, error) {
	if pool == PoolDefault {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(pool, "sized-"))
	if err != nil || n < 1 || !strings.HasPrefix(pool, "sized-") {
		return 0, fmt.Errorf("pool %q: want %s or sized-N", pool, PoolDefault)
	}
	return n, nil
}

// DefaultCodecs are the codecs every run compares; more can be added.
var DefaultCodecs = []string{rawfmt.Base, "sonic-std", "goccy"}

// Hits are the hits per search response of the scenarios and es-hits fixtures.
var Hits = []int{1, 10, 100}

// HitsFixture names the es-hits fixture of hits hits and the full _source.
func HitsFixture(hits int) string { return "es-hits-" + strconv.Itoa(hits) + "-full" }

// Base is the scenario every other changes in one dimension: encoding/json, the full _source
// projected by the API server, 10 hits, and as many idle connections as workers.
func Base(workers int) rawfmt.Scenario {
	return rawfmt.Scenario{Name: "base", Codec: rawfmt.Base, Source: SourceFull, Hits: 10, Pool: PoolSized(workers)}
}

// Scenarios returns the base and one scenario per change of one dimension: each codec
// other than the base's, _source filtering, 1 and 100 hits, and Go's default transport.
func Scenarios(codecs []string, workers int) []rawfmt.Scenario {
	base := Base(workers)
	out := []rawfmt.Scenario{base}
	with := func(name string, change func(*rawfmt.Scenario)) {
		s := base
		s.Name = name
		change(&s)
		out = append(out, s)
	}
	for _, c := range codecs {
		if c != base.Codec {
			with(c, func(s *rawfmt.Scenario) { s.Codec = c })
		}
	}
	with(SourceFiltered, func(s *rawfmt.Scenario) { s.Source = SourceFiltered })
	for _, h := range []int{1, 100} {
		with("hits-"+strconv.Itoa(h), func(s *rawfmt.Scenario) { s.Hits = h })
	}
	with("pool-"+PoolDefault, func(s *rawfmt.Scenario) { s.Pool = PoolDefault })
	return out
}

// Includes is s's _source_includes: the projected fields, or "" for SourceFull.
func Includes(s rawfmt.Scenario) (string, error) {
	switch s.Source {
	case SourceFull:
		return "", nil
	case SourceFiltered:
		fields, err := ProjectedFields()
		return strings.Join(fields, ","), err
	}
	return "", fmt.Errorf("source %q: want %s or %s", s.Source, SourceFull, SourceFiltered)
}

// ProjectedFields are the _source fields the API server's client uses (the es-hits projection's).
func ProjectedFields() ([]string, error) {
	f, err := fixtures.Lookup("es-hits-1-full")
	if err != nil {
		return nil, err
	}
	names := make([]string, len(f.Get5))
	for i, p := range f.Get5 {
		names[i] = p[len(p)-1]
	}
	return names, nil
}
