// Package model computes what the report says about one run: summaries of
// cells, the cost model fitted to them, and the comparisons built on both.
//
// Benchmark times on a shared machine are not normally distributed and
// drift between rounds, so, as in benchmath on which it builds, every
// statistic is a median and every interval is distribution-free.
//
// A cell (one operation on one fixture with one codec) holds one sample
// per round. Summarize gives its median with benchmath's 95% interval
// (AssumeNothing, as benchstat) and Compare benchmath's Mann-Whitney U test
// of two cells. A quantity derived from several cells (a ratio, a saving, a
// fitted coefficient) is computed from their medians, and its interval
// bootstraps every cell's samples (see bootstrap). Units a raw file
// declares exact ("Unit instructions/op assume=exact") do not vary: their
// intervals are their points.
//
// The cost model (CostModel) fits, per codec × operation, the cell medians
// of the fields-* documents against their own number of fields n, for
// ns/op, allocs/op and B/op. Four forms are candidates (see Form), each
// fitted by least squares weighted by relative error; the form that best
// predicts each fixture left out of the fit is chosen (fitCurve). Its
// intercept a is the cost of a call, resolved only when its interval lies
// above zero; a fit missing any point by more than MaxResidual is flagged
// and kept out of the findings. Two plain lines part per-field from per-KB
// cost over the bytes-* and equal-bytes-* documents (Specs). Instructions
// fits the same curves to an instruction count and measures how well it
// ranks cells as ns/op does.
//
// The floor (rawfmt.Floor), the least work an operation cannot avoid, is no
// codec: it gets no fit and no place in a ranking, and UnderFloor lists the
// codec cells that beat it. Before the page states a finding, Consistency
// checks relations the operations imply and Spread how wide the intervals
// are; Analysis.Publishes is false when either fails.
//
// Data flows from package load, which parses the raw file into a Run,
// through Analyze, to package render, which writes the pages.
package model
