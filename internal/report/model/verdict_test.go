package model

import "testing"

// Ranks is true where most figures have an interval and their median
// half-width is within MaxSpread, and Why words the one reason it is not.
func TestVerdict(t *testing.T) {
	tests := []struct {
		name  string
		v     Verdict
		ranks bool
		why   string
	}{
		{"precise", Verdict{Cells: 3, Spread: 0.03}, true, ""},
		{"one without an interval", Verdict{Cells: 2, Unbounded: 1, Spread: 0.025}, true, ""},
		{"too wide", Verdict{Cells: 3, Spread: 0.2}, false,
			"The median 95% interval of its 3 figures is ±20.0%, wider than the ±10.0% within which a ranking means anything."},
		{"too few samples", Verdict{Cells: 1, Unbounded: 2, Spread: 0.01}, false,
			"2 of 3 figures have too few samples for a 95% interval, which a median needs 6 for."},
	}
	for _, tt := range tests {
		if tt.v.Ranks() != tt.ranks || tt.v.Why() != tt.why {
			t.Errorf("%s: ranks %t, %q; want %t, %q", tt.name, tt.v.Ranks(), tt.v.Why(), tt.ranks, tt.why)
		}
	}
}
