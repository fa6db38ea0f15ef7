// Package probes holds the conformance checks of every registered codec
// configuration: semantic probes, the JSONTestSuite corpus, bad input at
// scale and a differential fuzz target (FuzzDecode, in the tests).
//
// A Suite is an ordered list of cases (a probe, a corpus document, a bad
// input), each needing an operation. Run executes a suite per configuration
// in a child process, a re-exec of the binary that ServeChild turns into a
// worker writing one Outcome per case as a JSON line; a case the
// configuration lacks the operation for is n/a, and a child that dies or
// outlives its time limit leaves a crash or timeout and a new child goes on.
//
// Derive gives each configuration its category from the probe outcomes and
// CheckCategory compares it with the declared one; Explain and Unexplained
// hold the corpus, the bad input and the fuzz target to the differences the
// probes found. Pages runs the suites and renders the outcomes through
// tables/*.tmpl as the pages of results/conformance.
//
// Binaries that call Run must call ServeChild first thing in main (or
// TestMain).
package probes
