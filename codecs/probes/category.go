package probes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
)

// Reference names encoding/json's configuration, which every table is read
// against, and V2Reference the one the v2 category is read against.
const Reference, V2Reference = "encoding-json", "json-v2"

// A Difference is a probe on which a configuration differs from encoding/json.
type Difference struct {
	Probe Case
	Got   string // the configuration's label
	Want  string // encoding/json's label
}

// Differences returns the probes of r on which name's labels differ from
// Reference's, leaving out n/a, crashes and timeouts (faults Derive reports).
func Differences(r *Results, name string) []Difference {
	got, want := r.Outcomes[name], r.Outcomes[Reference]
	var diffs []Difference
	for i, p := range AllProbes {
		if l := got[i].Label; l != want[i].Label && l != NA && l != Crash && l != Timeout {
			diffs = append(diffs, Difference{Probe: p, Got: got[i].Label, Want: want[i].Label})
		}
	}
	return diffs
}

// Derive returns the category c's probe outcomes in r give it, and why, by the
// rules of results/conformance/README.md in order: crash or timeout an error;
// no probe run fast for get5; failing without generated code codegen; no
// difference std; only V2Reference's v2; work left out fast; else near-std.
func Derive(c *codecs.Codec, r *Results) (codecs.Category, string, error) {
	outcomes, ok := r.Outcomes[c.Name]
	if _, ref := r.Outcomes[Reference]; !ok || !ref {
		return "", "", fmt.Errorf("%s: no probe outcomes of it and %s", c.Name, Reference)
	}
	if i := slices.IndexFunc(outcomes, func(o Outcome) bool { return o.Label == Crash || o.Label == Timeout }); i >= 0 {
		return "", "", fmt.Errorf("%s: %s on probe %q (%s)", c.Name, outcomes[i].Label, AllProbes[i].Name, outcomes[i].Detail)
	}
	diffs := Differences(r, c.Name)
	names := probeNames(diffs)
	switch {
	case !ran(outcomes) && c.Supports(codecs.Get5):
		return codecs.Fast, "get5 only: reads a few values lazily, the rest undecoded and unvalidated", nil
	case !ran(outcomes):
		return "", "", fmt.Errorf("%s: no probe can run on it: it supports neither %s nor %s", c.Name, codecs.EncodeStruct, codecs.DecodeStruct)
	case slices.Contains(names, generatedProbe):
		return codecs.Codegen, "fails on a struct without generated code", nil
	case len(diffs) == 0:
		return codecs.Std, "same as encoding/json on every probe", nil
	}
	if _, ok := r.Outcomes[V2Reference]; !ok {
		return "", "", fmt.Errorf("%s: the v2 rule needs the probe outcomes of %s", c.Name, V2Reference)
	}
	v2 := probeNames(Differences(r, V2Reference))
	if !slices.ContainsFunc(names, func(n string) bool { return !slices.Contains(v2, n) }) {
		return codecs.V2, "differs from encoding/json only where " + V2Reference + " does", nil
	}
	var skipped []string
	for _, d := range diffs {
		if d.Probe.Skipped != nil && d.Probe.Skipped(d.Got) {
			skipped = append(skipped, d.Probe.Name)
		}
	}
	if len(skipped) > 0 {
		return codecs.Fast, "leaves out work: " + strings.Join(skipped, ", "), nil
	}
	return codecs.NearStd, "decides edges differently: " + strings.Join(names, ", "), nil
}

func ran(outcomes []Outcome) bool {
	return slices.ContainsFunc(outcomes, func(o Outcome) bool { return o.Label != NA })
}

func probeNames(diffs []Difference) []string {
	names := make([]string, len(diffs))
	for i, d := range diffs {
		names[i] = d.Probe.Name
	}
	return names
}

// CheckCategory reports whether c's category is the one Derive gives it and
// whether c.Skips names the topic of each difference found.
func CheckCategory(c *codecs.Codec, r *Results) error {
	derived, why, err := Derive(c, r)
	if err != nil {
		return err
	}
	if derived != c.Category {
		return fmt.Errorf("%s is declared %s, but its probes make it %s (%s)", c.Name, c.Category, derived, why)
	}
	var undeclared []string
	for _, d := range Differences(r, c.Name) {
		if len(d.Probe.Topic) > 0 && !declares(c.Skips, d.Probe.Topic) {
			undeclared = append(undeclared, fmt.Sprintf("%s (%s; encoding/json: %s)", d.Probe.Name, d.Got, d.Want))
		}
	}
	if len(undeclared) > 0 {
		return fmt.Errorf("%s differs from encoding/json without declaring it in Skips on %s", c.Name, strings.Join(undeclared, "; "))
	}
	return nil
}

// declares: an entry of skips contains every word of topic.
func declares(skips, topic []string) bool {
	return slices.ContainsFunc(skips, func(s string) bool {
		s = strings.ToLower(s)
		return !slices.ContainsFunc(topic, func(w string) bool { return !strings.Contains(s, strings.ToLower(w)) })
	})
}

// Explain returns the first probe of diffs whose subject doc holds (Probe.Occurs), or "".
func Explain(diffs []Difference, doc []byte) string {
	if i := slices.IndexFunc(diffs, func(d Difference) bool { return d.Probe.Occurs != nil && d.Probe.Occurs(doc) }); i >= 0 {
		return diffs[i].Probe.Name
	}
	return ""
}

// Unexplained returns a line for each crash, timeout or label unlike
// encoding/json's in r that Explain finds no difference in probes for.
func Unexplained(r, probes *Results) ([]string, error) {
	ref := r.Outcomes[Reference]
	if ref == nil {
		return nil, fmt.Errorf("no %s outcomes to read the %s outcomes against", Reference, r.Suite.Name)
	}
	var lines []string
	for _, c := range r.Codecs {
		if _, ok := probes.Outcomes[c.Name]; !ok {
			return nil, fmt.Errorf("%s: no probe outcomes to explain its %s outcomes by", c.Name, r.Suite.Name)
		}
		diffs := Differences(probes, c.Name)
		for i, k := range r.Suite.Cases {
			got, want := r.Outcomes[c.Name][i], ref[i]
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
