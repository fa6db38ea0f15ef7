// Package model computes what the report says about one run: summaries of
// cells, the cost model fitted to them, and the comparisons built on both.
//
// This package is opinionated, like benchmath, on which it builds. Benchmark
// times on a shared machine are not normally distributed and drift by tens
// of percent between rounds, so every statistic is a median and every
// interval is distribution-free.
//
// # Cells
//
// A cell (one operation on one fixture with one codec) holds one sample per
// round. Summarize gives its median and benchmath's 95% confidence interval
// for it (AssumeNothing, as benchstat); a median needs MinMedianSamples
// samples for a finite interval. Compare is benchmath's Mann-Whitney U test
// of two cells. Precise reports, per operation, how wide those intervals
// are over the fields-* cells, as benchstat's "± x%": the larger distance
// from the median to a bound, relative to the median.
//
// A quantity derived from several cells (a ratio, a saving, a fitted
// coefficient) is computed from their medians. Its interval comes from the
// bootstrap: every cell's samples are resampled with replacement on their
// own, BootstrapReps times, the medians and the quantity recomputed each
// time, and the 2.5th and 97.5th percentiles of the draws taken. The
// generator has a fixed seed, so the same samples always give the same
// interval. A cell with fewer than MinBootstrapSamples samples gives no
// interval. Units a raw file declares exact ("Unit instructions/op
// assume=exact") are counts that do not vary: their intervals are their
// points.
//
// # The cost model
//
// The cost model says what a codec's operation costs per call and per field
// and how that grows. For each codec × operation it fits the cell medians of
// the fields-* documents against their own number of fields n (the fields/op
// every cell reports), separately for ns/op, allocs/op and B/op. No single
// straight line holds from 1 to 1000 fields: per-field cost rises with n
// for most codecs, and the field types of the small documents differ. So
// four forms are candidates (see Form):
//
//	a + b·n                    constant cost per field
//	a + b·n^k                  per-field cost growing (k > 1) or falling as a power
//	a + b·n + c·n·ln n         per-field cost growing with the log of n
//	a + slope per decade       straight within 1–10, 10–100 and 100+ fields
//
// In every form a is the cost of a call: the fitted cost at n = 0.
//
// Each form is fitted by weighted least squares, every point weighted by
// 1/max(|median|, 1)²: benchmark noise is relative, so each point counts by
// its relative error, and a point costing 100 µs does not drown one costing
// 200 ns. The forms linear in their parameters are solved through gonum's
// singular value decomposition; a fit whose regressors do not vary
// independently is refused (ErrCollinear). The power form is profiled: k
// runs over a grid from 0.2 to 3 in steps of 0.05, a and b are the weighted
// linear fit at each k, and the best grid point is refined to the vertex of
// the parabola through it and its neighbours.
//
// The form is chosen by held-out error, not by how well it fits the points
// it was fitted to: each fixture is left out in turn, the form is fitted to
// the rest and predicts it, and the mean relative error of those predictions
// ranks the forms. A form with more parameters bends closer to the points
// but predicts a left-out one only if the bend is really there; a tie goes
// to the simpler form. The chosen form is then fitted to every point, and
// the exponent k of the power form is reported for every curve (as the
// log-log growth of the cost beyond the call), whichever form won.
//
// Each fit reports its largest relative residual, |fitted − median| /
// max(|median|, 1), over the points. A fit that misses any point by more than
// MaxResidual is flagged: the page shows it, marked, and the findings do not
// use it. The cost of a call is resolved only when its interval lies above
// zero; otherwise the page says it is not resolved rather than print a
// negative or indistinguishable cost. The same holds for k, whose interval
// means something only when the power form's b is resolved above zero.
//
// Intervals bootstrap every point's samples and refit the chosen form with
// the same weights (for the power form, with the same grid search), so an
// interval for a coefficient, for k or for the call's share of the cost at
// a given size covers the noise of the cells, not the choice of form.
//
// Two more fits part per-field from per-byte cost, each a plain weighted
// line with the same weights, residual flag and intervals: ns/op = a + c·KB
// over the bytes-* documents, which hold ten fields and grow their strings,
// and ns/op = a + b·fields + c·KB over fields-*, bytes-* and equal-bytes-*
// (which hold the size and vary the fields).
//
// # Instruction counts
//
// A machine's instruction count (make bench-instr) holds instructions/op
// per cell, counted under cachegrind: exact. Instructions fits the same
// curves to it, with the fields of the full run, and measures how well it
// ranks cells as ns/op does: Spearman's ρ over the common cells, and within
// each fixture over the codecs.
//
// The floor (rawfmt.Floor) does the least work an operation cannot avoid,
// without allocating: a read-only pass over the input for a decoder, a copy
// of the compact output into one reused buffer for an encoder. It is no
// codec: it gets no fit and no place in any ranking, and UnderFloor lists
// the codec cells that beat it. Old runs have an allocation reference
// instead (rawfmt.AllocRef: a copy into a fresh buffer every call), which
// is shown beside the codecs and compared with none.
//
// # Consistency
//
// Before the page states a finding, Consistency checks relations the
// operations imply (a part of the work costs no more than its whole, beyond
// the intervals), and Spread measures how wide the run's intervals are.
// Analysis.Publishes is false when a check fails or the intervals are too
// wide to rank (MaxSpread); the page then says so at its top and states no
// finding.
//
// Data flows from package load, which parses the raw file into a Run, through
// Analyze, to package render, which writes the pages.
package model
