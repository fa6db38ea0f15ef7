package load

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// complete checks that a run with a rounds line holds every cell but noop
// once a round (a fields-* cell once a pass): any other count means the file
// was cut or joined to another.
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

// Committed reports whether the run's jsoncost-commit line names a
// committed tree (not dirty, unknown or missing).
func (r *Run) Committed() bool {
	commit, ok := r.Value(rawfmt.KeyCommit)
	return ok && commit != "" && commit != "unknown" && !strings.HasSuffix(commit, rawfmt.DirtySuffix)
}
