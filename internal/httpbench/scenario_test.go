package httpbench

import (
	"slices"
	"testing"
)

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
