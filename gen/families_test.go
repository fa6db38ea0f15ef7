package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// allNames are the fixture names benchmarks, tables and charts use.
var allNames = strings.Fields(`
	fields-0001 fields-0002 fields-0005 fields-0010 fields-0020 fields-0050 fields-0100 fields-0200 fields-0500 fields-1000
	bytes-0.25k bytes-0001k bytes-0004k bytes-0016k bytes-0064k bytes-0256k bytes-1024k
	equal-bytes-f008 equal-bytes-f032 equal-bytes-f128 equal-bytes-f512
	nested-d1 nested-d2 nested-d3 nested-d4 nested-d5 nested-d6 nested-d7 nested-d8
	es-hits-1-full es-hits-10-full es-hits-100-full es-hits-1-source5 es-hits-10-source5 es-hits-100-source5
	realworld-twitter_status realworld-citm_catalog realworld-canada_geometry realworld-golang_source
	realworld-synthea_fhir realworld-string_unicode`)

// generated returns the synthetic fixtures by name.
func generated(t *testing.T) map[string]*fixture {
	t.Helper()
	byName := map[string]*fixture{}
	for _, f := range synthetic() {
		byName[f.Name] = f
	}
	return byName
}

func TestSyntheticNames(t *testing.T) {
	var names []string
	for _, f := range synthetic() {
		names = append(names, f.Name)
	}
	if want := allNames[:len(allNames)-6]; !slices.Equal(names, want) {
		t.Errorf("fixtures %q, want %q", names, want)
	}
}

func TestNamedFields(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	fs := namedFields(1000)
	seen := map[string]bool{}
	for k, f := range fs {
		if !snake.MatchString(f.key) || len(f.key) < 8 || len(f.key) > 20 || seen[f.key] {
			t.Errorf("field %d: key %q is not a unique snake_case name of 8 to 20 bytes", k, f.key)
		}
		seen[f.key] = true
		if f.kind != mix[k%len(mix)] {
			t.Errorf("field %d (%s) has kind %s, want %s", k, f.key, f.kind, mix[k%len(mix)])
		}
	}
	kinds := map[string]bool{}
	for _, f := range fs[:5] {
		kinds[f.kind] = true
	}
	if len(kinds) != 5 {
		t.Errorf("the first five fields have %d kinds, want all 5", len(kinds))
	}
	if !slices.Equal(namedFields(50), fs[:50]) {
		t.Error("namedFields(50) is not the prefix of namedFields(1000)")
	}
}

// TestFieldsFamily checks that each fields fixture extends the one before
// it with the same leading fields and values, and that strings are 16 to
// 32 bytes.
func TestFieldsFamily(t *testing.T) {
	fs := generated(t)
	prev := []byte("{")
	for _, n := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		f := fs[fmt.Sprintf("fields-%04d", n)]
		if !bytes.HasPrefix(f.Data, prev[:len(prev)-1]) {
			t.Errorf("%s does not start with the fields of the fixture before it", f.Name)
		}
		prev = f.Data
		var doc map[string]any
		if err := json.Unmarshal(f.Data, &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc) != n || f.Fields != n {
			t.Errorf("%s has %d keys and counts %d fields, want %d", f.Name, len(doc), f.Fields, n)
		}
		for k, v := range doc {
			if s, ok := v.(string); ok && !strings.HasSuffix(k, "_at") && (len(s) < 16 || len(s) > 32) {
				t.Errorf("%s: %s is %d bytes, want 16 to 32", f.Name, k, len(s))
			}
		}
	}
}

func TestSizes(t *testing.T) {
	fs := generated(t)
	want := map[string]int{
		"bytes-0.25k": 256, "bytes-0001k": 1024, "bytes-0004k": 4096, "bytes-0016k": 16384,
		"bytes-0064k": 65536, "bytes-0256k": 262144, "bytes-1024k": 1048576,
		"equal-bytes-f008": 8192, "equal-bytes-f032": 8192, "equal-bytes-f128": 8192, "equal-bytes-f512": 8192,
	}
	for name, size := range want {
		if got := len(fs[name].Data); got != size {
			t.Errorf("%s is %d bytes, want %d", name, got, size)
		}
	}
	fields := map[string]int{"bytes-0.25k": 10, "bytes-1024k": 10, "equal-bytes-f008": 8, "equal-bytes-f512": 512}
	for name, n := range fields {
		if fs[name].Fields != n {
			t.Errorf("%s has %d fields, want %d", name, fs[name].Fields, n)
		}
	}
	var bytes0, bytes1 map[string]any
	decodeInto(t, fs["bytes-0.25k"].Data, &bytes0)
	decodeInto(t, fs["bytes-1024k"].Data, &bytes1)
	if !slices.Equal(slices.Sorted(maps.Keys(bytes0)), slices.Sorted(maps.Keys(bytes1))) {
		t.Error("bytes-0.25k and bytes-1024k have different keys")
	}
}

// TestNested checks that every nested fixture holds the leaves of
// nested-d1 and is d levels deep.
func TestNested(t *testing.T) {
	fs := generated(t)
	var want map[string]any
	decodeInto(t, fs["nested-d1"].Data, &want)
	if len(want) != nestedLeaves {
		t.Fatalf("nested-d1 has %d leaves, want %d", len(want), nestedLeaves)
	}
	for d := 1; d <= 8; d++ {
		name := fmt.Sprintf("nested-d%d", d)
		var doc map[string]any
		decodeInto(t, fs[name].Data, &doc)
		leaves := map[string]any{}
		if depth := flatten(doc, leaves); depth != d {
			t.Errorf("%s is %d levels deep", name, depth)
		}
		if diff := cmp.Diff(want, leaves); diff != "" {
			t.Errorf("%s leaves differ from nested-d1 (-want +got):\n%s", name, diff)
		}
	}
}

// flatten adds the scalar leaves of o to leaves and returns o's depth.
func flatten(o map[string]any, leaves map[string]any) int {
	depth := 1
	for k, v := range o {
		if child, ok := v.(map[string]any); ok {
			depth = max(depth, 1+flatten(child, leaves))
			continue
		}
		leaves[k] = v
	}
	return depth
}

// TestEsHits checks that a source5 response is the full one with _source
// filtered to five fields spread through it, and that hits are shared
// across sizes.
func TestEsHits(t *testing.T) {
	fs := generated(t)
	keys := []string{"product_name", "route_score", "item_slug", "delivery_type", "primary_cart_city"}
	for _, hits := range []int{1, 10, 100} {
		var full, source5 esResponse
		decodeInto(t, fs[fmt.Sprintf("es-hits-%d-full", hits)].Data, &full)
		decodeInto(t, fs[fmt.Sprintf("es-hits-%d-source5", hits)].Data, &source5)
		if len(full.Hits.Hits) != hits {
			t.Errorf("es-hits-%d-full has %d hits", hits, len(full.Hits.Hits))
		}
		for _, h := range full.Hits.Hits {
			if len(h.Source) != sourceFields {
				t.Errorf("es-hits-%d-full: a _source has %d fields, want %d", hits, len(h.Source), sourceFields)
			}
			maps.DeleteFunc(h.Source, func(k string, _ any) bool { return !slices.Contains(keys, k) })
		}
		if diff := cmp.Diff(full, source5); diff != "" {
			t.Errorf("es-hits-%d: full filtered to 5 fields differs from source5 (-full +source5):\n%s", hits, diff)
		}
	}
	var ten, hundred esResponse
	decodeInto(t, fs["es-hits-10-full"].Data, &ten)
	decodeInto(t, fs["es-hits-100-full"].Data, &hundred)
	if diff := cmp.Diff(ten.Hits.Hits, hundred.Hits.Hits[:10]); diff != "" {
		t.Errorf("the first 10 hits of es-hits-100-full differ from es-hits-10-full:\n%s", diff)
	}
}

type esResponse struct {
	Took     int
	TimedOut bool           `json:"timed_out"`
	Shards   map[string]int `json:"_shards"`
	Hits     struct {
		Total    map[string]any
		MaxScore float64 `json:"max_score"`
		Hits     []struct {
			Index  string         `json:"_index"`
			ID     string         `json:"_id"`
			Score  float64        `json:"_score"`
			Source map[string]any `json:"_source"`
		}
	}
}

func decodeInto(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}
