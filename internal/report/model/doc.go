// Package model computes what the report says about one run. As in
// benchmath, on which it builds, every statistic is a median and every
// interval distribution-free: Summarize gives a cell's median with its 95%
// interval, and a quantity derived from several cells bootstraps every
// cell's samples. CostModel fits, per codec × operation, the candidate forms
// (Form) to the fields-* medians and keeps the one that best predicts
// held-out points; Specs adds per-KB and joint lines. Consistency and
// Verdict, every page's one rule on precision, decide whether a page may
// state findings (Analysis.Publishes). Data flows from package load's Run
// through Analyze to package render.
package model
