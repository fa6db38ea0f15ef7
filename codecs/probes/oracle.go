package probes

import (
	"fmt"
	"slices"
)

// Explain returns the first probe of diffs whose subject doc holds (see
// Probe.Occurs), which accounts for deciding, crashing or hanging on doc
// unlike encoding/json; "" when none does.
func Explain(diffs []Difference, doc []byte) string {
	if i := slices.IndexFunc(diffs, func(d Difference) bool { return d.Probe.Occurs != nil && d.Probe.Occurs(doc) }); i >= 0 {
		return diffs[i].Probe.Name
	}
	return ""
}

// Unexplained returns a line for each crash, timeout or label unlike
// encoding/json's in r that Explain finds no probe difference for, probes
// holding the probe outcomes; n/a is never unexplained.
func Unexplained(r, probes *Results) ([]string, error) {
	ref, err := Reference(r.Codecs)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, c := range r.Codecs {
		if _, ok := probes.Outcomes[c.Name]; !ok {
			return nil, fmt.Errorf("%s: no probe outcomes to explain its %s outcomes by", c.Name, r.Suite.Name)
		}
		diffs := Differences(probes, ref.Name, c.Name)
		for i, k := range r.Suite.Cases {
			got, want := r.Outcomes[c.Name][i], r.Outcomes[ref.Name][i]
			if got.Label == NA || (got.Label == want.Label && got.Label != Crash && got.Label != Timeout) {
				continue
			}
			if k.Doc != nil && Explain(diffs, k.Doc()) != "" {
				continue
			}
			line := fmt.Sprintf("%s, %s: %s, encoding/json %s", c.Name, k.Name, got.Label, want.Label)
			if got.Detail != "" {
				line += " (" + got.Detail + ")"
			}
			lines = append(lines, line)
		}
	}
	return lines, nil
}
