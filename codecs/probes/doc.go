// Package probes holds the conformance checks of every registered codec
// configuration: semantic probes, the JSONTestSuite corpus, bad input at
// scale and a differential fuzz target.
//
// Data flows from suites to pages. A Suite is an ordered list of cases (a
// probe, a corpus document, a bad input), each needing an operation; Run
// executes a suite for each configuration in a child process, a re-exec of
// the current binary that ServeChild turns into a worker, which writes one
// Outcome per case as a JSON line to its stdout. A case whose operation the
// configuration lacks is n/a. A child that dies or outlives its time limit
// leaves its case recorded as a crash or a timeout, and a new child carries
// on with the next case, so one codec cannot take the run down.
//
// The probe outcomes decide the rest. Derive gives each configuration its
// category by written rules and CheckCategory compares it with the declared
// one; Explain and Unexplained hold the corpus, the bad input and the fuzz
// target to the differences the probes found, so that a configuration may
// decide a document unlike encoding/json, crash or hang only where a probe
// accounts for it. Pages runs the suites and renders the outcomes through
// the templates in tables/ as the Markdown pages of results/conformance.
//
// The probes encode and decode small struct types (types.go) with easyjson
// code generated for them, so that easyjson runs every probe too. The
// JSONTestSuite corpus is upstream's, fetched through the module cache at a
// pinned version and hash. The fuzz target FuzzDecode lives in the tests.
//
// Binaries that call Run must call ServeChild first thing in main (or in
// TestMain).
package probes
