package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/httpbench"
)

// checkBackend checks what the loopback backend saw of a cell's n
// measured requests, given its stats' growth and the API server's: one
// search per request, each naming the scenario's _source_includes, and
// every byte it sent read by the API server.
func checkBackend(s httpbench.Scenario, n uint64, backend, apiServer httpbench.Stats) error {
	want, err := s.Includes()
	if err != nil {
		return err
	}
	if backend.Requests != n || backend.Includes[want] != n {
		return fmt.Errorf("the backend received %s for %d requests; want %s in each", describeIncludes(backend.Includes), n, includesLabel(want))
	}
	if backend.Bytes != apiServer.Bytes {
		return fmt.Errorf("the backend sent %d bytes of search responses, the API server read %d", backend.Bytes, apiServer.Bytes)
	}
	return nil
}

// describeIncludes says which _source_includes searches named, and how
// often, as "12 searches with _source_includes=a,b".
func describeIncludes(counts map[string]uint64) string {
	if len(counts) == 0 {
		return "no search"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%d searches with %s", counts[k], includesLabel(k)))
	}
	return strings.Join(parts, " and ")
}

func includesLabel(includes string) string {
	if includes == "" {
		return "no _source_includes"
	}
	return "_source_includes=" + includes
}
