package load

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// complete checks that a run with a rounds line holds every round whole:
// the runner times each cell of its matrix once a round (a fields-* cell
// once a pass, fields-passes times a round) and writes the file whole or
// not at all, so a cell with any other number of ns/op samples means the
// file was cut, even at the end of a line, or joined to another. The noop
// cell, which runs once in every run of the benchmark binary, is not
// counted. A file without a rounds line was not written by the runner and
// is not checked.
func (r *Run) complete() error {
	rounds, ok := r.count(rawfmt.KeyRounds)
	if !ok {
		return nil
	}
	passes := r.FieldsPasses()
	for _, op := range r.Ops {
		for _, f := range r.Fixtures {
			perRound := 1
			if Fields.Has(f) {
				perRound = passes
			}
			for _, codec := range slices.Concat(r.CodecNames, r.HarnessColumns()) {
				c := rawfmt.Cell{Op: op, Fixture: f, Codec: codec}
				s, ok := r.cells[c]
				if !ok || isNoop(c) {
					continue
				}
				n, want := len(s[rawfmt.UnitNs]), rounds*perRound
				switch {
				case n < want:
					return fmt.Errorf("the file ends in round %d of %d: %s has %d of its %d samples, so the file was cut", n/perRound+1, rounds, c, n, want)
				case n > want:
					return fmt.Errorf("%s has %d samples, more than %d rounds of %d take: the file is not one run", c, n, rounds, perRound)
				}
			}
		}
	}
	return nil
}

// Commit is the suite's commit the run records (its jsoncost-commit line)
// and whether it names a committed tree: false when the tree had changes
// ("-dirty"), or when the run records no commit or an unknown one.
func (r *Run) Commit() (commit string, committed bool) {
	commit, ok := r.Value(rawfmt.KeyCommit)
	return commit, ok && commit != "" && commit != "unknown" && !strings.HasSuffix(commit, rawfmt.DirtySuffix)
}
