// Package model computes what the report says about one run: summaries of
// cells, the cost model fitted to them, and the comparisons built on both.
//
// This package is opinionated, like benchmath, on which it builds. Benchmark
// times on a shared machine are not normally distributed and drift by tens
// of percent between rounds, so every statistic is a median and every
// interval is distribution-free.
//
// A cell (one operation on one fixture with one codec) holds one sample per
// round. Summarize gives its median and benchmath's 95% confidence interval
// for it (AssumeNothing, as benchstat); a median needs MinMedianSamples
// samples for a finite interval. Compare is benchmath's Mann-Whitney U test
// of two cells.
//
// A quantity derived from several cells (a ratio, a saving, a slope) is
// computed from their medians. Its interval comes from the bootstrap: every
// cell's samples are resampled with replacement on their own, BootstrapReps
// times, the medians and the quantity recomputed each time, and the 2.5th
// and 97.5th percentiles of the draws taken. The generator has a fixed seed,
// so the same samples always give the same interval. A cell with fewer than
// MinBootstrapSamples samples gives no interval.
//
// The cost model says what a codec's operation costs per call, per field and
// per KB. For each codec × operation it fits cell medians against the
// documents' own sizes (the fields/op and doc-B/op every cell reports):
//
//	ns/op     = a + b·fields          over fields-*     (PerField)
//	ns/op     = a + c·KB              over bytes-*      (PerKB)
//	ns/op     = a + b·fields + c·KB   over fields-*, bytes-*, equal-bytes-* (Joint)
//	allocs/op = a + b·fields          over fields-*     (Allocs)
//	B/op      = a + b·fields          over fields-*     (AllocBytes)
//
// fields-* documents grow fields and bytes together, so the per-field fit
// charges bytes to fields; bytes-* documents hold ten fields and grow their
// strings, and equal-bytes-* hold the size and vary the fields, so only the
// joint fit parts per-field from per-byte cost. Fits are weighted least
// squares, solved through gonum's singular value decomposition, with each
// point weighted by 1/max(|median|, 1)²: benchmark noise is relative, so
// small documents pin the intercept and large ones the slopes, and a point
// costing 100 µs does not drown one costing 200 ns. A fit whose regressors
// do not vary independently is refused (ErrCollinear) rather than reported
// with meaningless slopes. Intervals bootstrap every point's samples and
// refit with the same weights; R² uses the same weights.
//
// The floor (rawfmt.Floor) copies the bytes an operation must read or write.
// It is no codec: it gets no fit and no place in any ranking, and UnderFloor
// lists the codec cells that beat it.
//
// Data flows from package load, which parses the raw file into a Run, through
// Analyze, to package render, which writes the pages.
package model
