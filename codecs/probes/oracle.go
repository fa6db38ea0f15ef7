package probes

import (
	"fmt"
	"slices"
)

// The oracle: a configuration may decide a document unlike encoding/json,
// crash or hang on it only where one of its probe differences accounts for
// that. The probes list what a configuration does differently; the corpus,
// the bad input and the fuzz target hold it to that list.

// Explain returns the name of the first probe of diffs whose subject doc
// holds (see Probe.Occurs): the difference that accounts for a
// configuration deciding doc unlike encoding/json, or crashing or hanging
// on it; "" when none does.
func Explain(diffs []Difference, doc []byte) string {
	if i := slices.IndexFunc(diffs, func(d Difference) bool { return d.Probe.Occurs != nil && d.Probe.Occurs(doc) }); i >= 0 {
		return diffs[i].Probe.Name
	}
	return ""
}

// Unexplained returns a line for each outcome in r that no probe
// difference of its configuration accounts for: a crash or a timeout, or a
// label other than encoding/json's, on a document that holds the subject of
// none of the probes the configuration differs on. probes holds the probe
// outcomes of the same configurations. n/a is never unexplained: Run gives
// it exactly to the configurations that lack what a case needs.
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
