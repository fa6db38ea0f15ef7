package httpbench

import (
	"bytes"
	"slices"
	"testing"

	"golang.org/x/perf/benchfmt"
)

// TestCellRoundTrip checks that every cell's name survives benchfmt's
// writer and reader, and that no name ends in what benchfmt would take for
// GOMAXPROCS.
func TestCellRoundTrip(t *testing.T) {
	var cells []Cell
	for _, s := range Scenarios([]string{"encoding-json", "sonic-std", "goccy"}, 64) {
		for _, l := range []Load{{Workers: 64}, {Rate: 200}} {
			cells = append(cells, Cell{Scenario: s, Load: l})
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
	var got []Cell
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("unexpected record %v", r.Result())
		}
		if _, gomaxprocs := res.Name.Parts(); len(gomaxprocs) > 0 && gomaxprocs[len(gomaxprocs)-1][0] == '-' {
			t.Errorf("%s: benchfmt reads a GOMAXPROCS suffix", res.Name)
		}
		c, ok := ParseCell(res.Name)
		if !ok {
			t.Fatalf("ParseCell(%s) failed", res.Name)
		}
		got = append(got, c)
	}
	if !slices.Equal(got, cells) {
		t.Errorf("round trip:\n got %v\nwant %v", got, cells)
	}
	for _, bad := range []string{
		"Codec/scenario=base/codec=x/source=full/hits=10/pool=default/load=64-workers",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default",
		"HTTP/scenario=base/codec=x/source=full/hits=ten/pool=default/load=64-workers",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=fast",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=0-rps",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=workers-64",
		"HTTP/scenario=base/codec=x/source=full/hits=10/pool=default/load=64-cores",
	} {
		if c, ok := ParseCell(benchfmt.Name(bad)); ok {
			t.Errorf("ParseCell(%s) = %+v, true; want false", bad, c)
		}
	}
}

// TestScenarios checks that every scenario but the base differs from the
// base in exactly one dimension, and that names are unique.
func TestScenarios(t *testing.T) {
	base := Base(8)
	seen := map[string]bool{}
	scenarios := Scenarios([]string{"goccy", "encoding-json", "sonic-std"}, 8)
	if scenarios[0] != base {
		t.Errorf("first scenario %+v, want the base %+v", scenarios[0], base)
	}
	for _, s := range scenarios {
		if seen[s.Name] {
			t.Errorf("scenario %q twice", s.Name)
		}
		seen[s.Name] = true
		diff := 0
		for _, d := range []bool{s.Codec != base.Codec, s.Source != base.Source, s.Hits != base.Hits, s.Pool != base.Pool} {
			if d {
				diff++
			}
		}
		if want := min(len(seen)-1, 1); diff != want {
			t.Errorf("scenario %+v differs from the base in %d dimensions, want %d", s, diff, want)
		}
	}
	if len(scenarios) != 7 {
		t.Errorf("%d scenarios, want 7 (base, 2 codecs, filtered, 2 hits, pool)", len(scenarios))
	}
}

func TestParsePool(t *testing.T) {
	pools := []struct {
		in   string
		idle int
		ok   bool
	}{{PoolDefault, 0, true}, {PoolSized(64), 64, true}, {"sized-0", 0, false}, {"64", 0, false}, {"sized-x", 0, false}}
	for _, tt := range pools {
		idle, err := ParsePool(tt.in)
		if idle != tt.idle || (err == nil) != tt.ok {
			t.Errorf("ParsePool(%q) = %d, %v; want %d, ok %t", tt.in, idle, err, tt.idle, tt.ok)
		}
	}
}

func TestProjectedFields(t *testing.T) {
	fields, err := ProjectedFields()
	if err != nil {
		t.Fatal(err)
	}
	if len(fields) != 5 || slices.Contains(fields, "") {
		t.Errorf("ProjectedFields() = %q, want 5 names", fields)
	}
}
