package load

import (
	"fmt"
	"slices"
	"strconv"
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
	if r.Paired() {
		return r.completePaired(rounds)
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

// completePaired checks that a paired run has pairs of every cell in each
// of its rounds (every round of the file, or in one part of a noise run,
// every round of that part), and no round beyond them.
func (r *Run) completePaired(rounds int) error {
	want := map[string]bool{}
	for _, b := range r.Blocks {
		want[b.Round] = true
	}
	if !strings.HasPrefix(r.Build, rawfmt.KeyNeighbour) {
		for i := 1; i <= rounds; i++ {
			want[strconv.Itoa(i)] = true
		}
	}
	if len(want) > rounds {
		return fmt.Errorf("the file has %d rounds, more than the %d the run made: it is not one run", len(want), rounds)
	}
	for c, pairs := range r.Pairs {
		seen := map[string]bool{}
		for _, p := range pairs {
			seen[r.Blocks[p.Block].Round] = true
		}
		for round := range want {
			if !seen[round] {
				return fmt.Errorf("%s has no pairs in round %s of %d: the file was cut or a round failed", c, round, rounds)
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
