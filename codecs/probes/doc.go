// Package probes holds the conformance checks of every registered codec
// configuration: semantic probes, the JSONTestSuite corpus, bad input at
// scale and a differential fuzz target (FuzzDecode, in the tests).
//
// A Suite is an ordered list of cases. Run executes one per configuration in
// child processes, re-execs of the binary that ServeChild turns into workers
// writing an Outcome per case as a JSON line: n/a where the configuration
// lacks the case's operation; a child that dies or outlives a time limit
// leaves a crash or timeout, and a new child goes on. CheckCategory reads
// each category from the probe outcomes by the rules of rules.go,
// Unexplained holds the other suites to the differences the probes
// found, and Pages renders it all through tables/*.tmpl as
// results/conformance, a case per row and the configurations that differ
// grouped in one column, so a table is as wide whatever their number, and
// markdown.Wrap folds the prose. Binaries that call Run must call ServeChild first
// thing in main (or TestMain).
package probes
