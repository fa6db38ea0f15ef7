package model

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Spread is where a paired run's intervals come from, over its fields-*
// codec cells (the log of each pair's ratio to its base): Pairs is the
// median over cells of the standard deviation of a cell's pairs within one
// process, Processes the median over cells of the standard deviation of
// the medians of its processes (one a round). A cell's interval resamples
// processes, so it narrows as the square root of their number; more pairs
// in one narrow only the part of the processes' scatter that the pairs
// make. Rounds is the rounds a run would take for the median half-width of
// all operations (Precise) to reach TargetMedian.
type Spread struct {
	Pairs, Processes float64
	Rounds           int
}

// SpreadOf is r's Spread; false for a run that is not paired or has too
// few rounds to tell.
func SpreadOf(r *load.Run, p []OpPrecision) (Spread, bool) {
	if !r.Paired() || len(p) == 0 || p[len(p)-1].Op != AllOps {
		return Spread{}, false
	}
	var pairs, processes []float64
	for c := range cells(r.Ops, r.FixturesOf(load.Fields), r.CodecNames) {
		if c.Harness() {
			continue
		}
		byBlock := map[int][]float64{} // a base's pairs are with the anchor's base, not UnitBaseNs
		for _, pr := range r.Pairs[c] {
			if pr.Unit == rawfmt.UnitBaseNs {
				byBlock[pr.Block] = append(byBlock[pr.Block], math.Log(pr.Own/pr.Partner))
			}
		}
		var medians []float64
		for _, logs := range byBlock {
			medians = append(medians, Median(logs))
			if len(logs) > 1 {
				pairs = append(pairs, stat.StdDev(logs, nil))
			}
		}
		if len(medians) >= MinMedianSamples {
			slices.Sort(medians) // the map's order would move the sum's last bits
			processes = append(processes, stat.StdDev(medians, nil))
		}
	}
	all := p[len(p)-1]
	if len(pairs) == 0 || len(processes) == 0 || all.Median <= 0 || r.Rounds() == 0 {
		return Spread{}, false
	}
	return Spread{Pairs: Median(pairs), Processes: Median(processes), Rounds: roundsFor(r.Rounds(), all.Median)}, true
}

// roundsFor is the rounds that would narrow a median half-width of
// halfWidth in a run of rounds to TargetMedian, as the square root of
// their number narrows it.
func roundsFor(rounds int, halfWidth float64) int {
	return int(math.Ceil(float64(rounds)*math.Pow(halfWidth/TargetMedian, 2) - 1e-9))
}
