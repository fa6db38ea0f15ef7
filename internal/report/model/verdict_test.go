package model

import "testing"

// Judge counts the figures with an interval, takes the median half-width
// of those, and Why words the one reason a page may not rank them.
func TestJudge(t *testing.T) {
	e := func(v, lo, hi float64) Estimate { return Estimate{V: v, Lo: lo, Hi: hi, HasCI: true} }
	none := Estimate{V: 100}
	tests := []struct {
		name  string
		es    []Estimate
		want  Verdict
		ranks bool
		why   string
	}{
		{"precise", []Estimate{e(100, 98, 102), e(100, 95, 104), e(10, 9.9, 10.3)}, Verdict{Cells: 3, Spread: 0.03}, true, ""},
		{"one without an interval", []Estimate{e(100, 98, 102), e(100, 97, 101), none}, Verdict{Cells: 2, Unbounded: 1, Spread: 0.025}, true, ""},
		{"too wide", []Estimate{e(100, 80, 120), e(100, 70, 110), e(100, 95, 105)}, Verdict{Cells: 3, Spread: 0.2}, false,
			"The median 95% interval of its 3 figures is ±20.0%, wider than the ±10.0% within which a ranking means anything."},
		{"too few samples", []Estimate{none, none, e(100, 99, 101)}, Verdict{Cells: 1, Unbounded: 2, Spread: 0.01}, false,
			"2 of 3 figures have too few samples for a 95% interval, which a median needs 6 for."},
	}
	for _, tt := range tests {
		v := Judge(tt.es)
		if v.Cells != tt.want.Cells || v.Unbounded != tt.want.Unbounded || abs(v.Spread-tt.want.Spread) > 1e-9 || v.Ranks() != tt.ranks || v.Why() != tt.why {
			t.Errorf("%s: %+v, ranks %t, %q; want %+v, %t, %q", tt.name, v, v.Ranks(), v.Why(), tt.want, tt.ranks, tt.why)
		}
	}
}

func abs(x float64) float64 { return max(x, -x) }
