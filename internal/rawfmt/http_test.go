package rawfmt

import (
	"bytes"
	"slices"
	"testing"

	"golang.org/x/perf/benchfmt"
)

// TestHTTPCellRoundTrip checks that every cell's name survives benchfmt's
// writer and reader, and that no name ends in what benchfmt would take for
// GOMAXPROCS.
func TestHTTPCellRoundTrip(t *testing.T) {
	base := Scenario{Name: "base", Codec: Base, Source: "full", Hits: 10, Pool: "sized-64"}
	goccy, filtered, hits, pool := base, base, base, base
	goccy.Name, goccy.Codec = "goccy", "goccy"
	filtered.Name, filtered.Source = "filtered", "filtered"
	hits.Name, hits.Hits = "hits-100", 100
	pool.Name, pool.Pool = "pool-default", "default"
	var cells []HTTPCell
	for _, s := range []Scenario{base, goccy, filtered, hits, pool} {
		for _, l := range []HTTPLoad{{Workers: 64}, {Rate: 200}} {
			cells = append(cells, HTTPCell{Scenario: s, Load: l})
		}
	}
	var buf bytes.Buffer
	w := benchfmt.NewWriter(&buf)
	for _, c := range cells {
		if err := w.Write(&benchfmt.Result{Name: c.Name(), Iters: 1, Values: []benchfmt.Value{{Value: 1, Unit: UnitReqs}}}); err != nil {
			t.Fatal(err)
		}
	}
	r := benchfmt.NewReader(&buf, "raw")
	var got []HTTPCell
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("unexpected record %v", r.Result())
		}
		if _, gomaxprocs := res.Name.Parts(); len(gomaxprocs) > 0 && gomaxprocs[len(gomaxprocs)-1][0] == '-' {
			t.Errorf("%s: benchfmt reads a GOMAXPROCS suffix", res.Name)
		}
		c, ok := ParseHTTPCell(res.Name)
		if !ok {
			t.Fatalf("ParseHTTPCell(%s) failed", res.Name)
		}
		got = append(got, c)
	}
	if !slices.Equal(got, cells) {
		t.Errorf("round trip:\n got %v\nwant %v", got, cells)
	}
	if c, ok := ParseHTTPCell(benchfmt.Name("Benchmark" + string(cells[0].Name()))); !ok || c != cells[0] {
		t.Errorf("ParseHTTPCell of go test's name = %+v, %t; want %+v", c, ok, cells[0])
	}
}

// TestParseHTTPCellRejects checks that another benchmark, a missing key
// and a bad load name no cell.
func TestParseHTTPCellRejects(t *testing.T) {
	for _, bad := range []string{
		"Codec/scenario=base/codec=x/source=full/hits=10/pool=default/load=64-workers",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default",
		"HTTP/codec=x/source=full/hits=10/pool=default/load=64-workers",
		"HTTP/scenario=base/codec=x/source=full/hits=ten/pool=default/load=64-workers",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=fast",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=0-rps",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=workers-64",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=64-cores",
	} {
		if c, ok := ParseHTTPCell(benchfmt.Name(bad)); ok {
			t.Errorf("ParseHTTPCell(%s) = %+v, true; want false", bad, c)
		}
	}
}
