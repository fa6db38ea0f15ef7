package model

import (
	"math"
	"testing"
)

// TestSpreadOf: pairedRun's slices each carry 2% noise of their own, so a
// pair's log-ratio scatters by √2·2% ≈ 2.8% and the median of a round's six
// by about 1.4%, and such a run is within TargetMedian in fewer rounds than
// it ran; its three layouts of eight rounds each scatter by about 1.4%/√8.
// A cell 1.3 times slower in one of the three layouts leaves its rounds'
// scatter about their layout's mean alone, scatters the layouts' means by
// about 12%, and would take more rounds than the run ran.
func TestSpreadOf(t *testing.T) {
	r := pairedRun(t, steady, 24)
	s, ok := SpreadOf(r, Precise(r))
	if !ok || math.Abs(s.Pairs-0.028) > 0.005 || s.Processes < 0.007 || s.Processes > 0.022 || s.PerLayout != 8 || s.Layouts > 0.015 || s.Rounds >= 24 {
		t.Errorf("steady cells: %+v, %t; want pairs about 2.8%%, rounds' medians about 1.4%%, 8 rounds a layout whose means scatter under 1.5%%, fewer than 24 rounds", s, ok)
	}
	bound := append(steady[:0:0], steady...)
	bound[1].layout, bound[3].layout = 1.3, 1.3
	r = pairedRun(t, bound, 24)
	s, ok = SpreadOf(r, Precise(r))
	if !ok || math.Abs(s.Pairs-0.028) > 0.005 || s.Processes > 0.022 || s.Layouts < 0.09 || s.Rounds <= 24 {
		t.Errorf("layout-bound cells: %+v, %t; want pairs about 2.8%%, rounds' medians about 1.4%% about their layout's, layouts' over 9%%, more than 24 rounds", s, ok)
	}
}

// TestRoundsFor: half the half-width takes four times the rounds.
func TestRoundsFor(t *testing.T) {
	for _, tt := range []struct {
		rounds    int
		halfWidth float64
		want      int
	}{
		{24, 2 * TargetMedian, 96},
		{24, TargetMedian, 24},
		{24, TargetMedian / 2, 6},
		{10, 1.5 * TargetMedian, 23}, // 22.5, rounded up
	} {
		if got := roundsFor(tt.rounds, tt.halfWidth); got != tt.want {
			t.Errorf("roundsFor(%d, %g) = %d, want %d", tt.rounds, tt.halfWidth, got, tt.want)
		}
	}
}
