package probes

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Reference names encoding/json's configuration, which every table is read
// against, and V2Reference the one the v2 category is read against.
const Reference, V2Reference = rawfmt.Base, rawfmt.V2Base

// A Difference is a probe on which a configuration differs from encoding/json.
type Difference struct {
	Probe Case
	Got   string // the configuration's label
	Want  string // encoding/json's label
}

// Differences returns the probes of r on which name's labels differ from
// Reference's, leaving out n/a, crashes and timeouts (faults the rules report).
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

// decide returns what the rules (rules.go) read of c's outcomes in r, the
// index of the first rule that holds, which decides c's category, and why;
// the first rule holding is an error.
func decide(c *codecs.Codec, r *Results) (evidence, int, string, error) {
	outcomes, ok := r.Outcomes[c.Name]
	if _, ref := r.Outcomes[Reference]; !ok || !ref {
		return evidence{}, 0, "", fmt.Errorf("%s: no probe outcomes of it and %s", c.Name, Reference)
	}
	e := evidence{c: c, outcomes: outcomes, diffs: Differences(r, c.Name), v2: map[string]string{}}
	if _, ok := r.Outcomes[V2Reference]; !ok && len(e.diffs) > 0 {
		return evidence{}, 0, "", fmt.Errorf("%s: the v2 rule needs the probe outcomes of %s", c.Name, V2Reference)
	} else if ok {
		for _, d := range Differences(r, V2Reference) {
			e.v2[d.Probe.Name] = d.Got
		}
	}
	for i, r := range rules {
		if ok, why := r.holds(e); ok && r.category == "" {
			return e, i, why, fmt.Errorf("%s: %s", c.Name, why)
		} else if ok {
			return e, i, why, nil
		}
	}
	panic("unreachable: the last rule always holds")
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

// CheckCategory reports whether c's category is the one the rules give it
// and whether c.Skips names the topic of each difference found and no topic
// the probes find no difference on. A wrong category's error names the rule
// that decides, the rule of the declared category and the probes of both.
func CheckCategory(c *codecs.Codec, r *Results) error {
	e, i, why, err := decide(c, r)
	if err != nil {
		return err
	}
	if derived := rules[i].category; derived != c.Category {
		msg := fmt.Sprintf("%s is declared %s, but its probes make it %s by rule %d (%s): %s", c.Name, c.Category, derived, i+1, rules[i].name, why)
		for j, declared := range rules {
			if declared.category != c.Category {
				continue
			}
			if ok, whyNot := declared.holds(e); ok {
				msg += fmt.Sprintf("; rule %d (%s) holds too, but rule %d comes first", j+1, declared.name, i+1)
			} else {
				msg += fmt.Sprintf("; rule %d (%s) does not hold: %s", j+1, declared.name, whyNot)
			}
		}
		return errors.New(msg)
	}
	undeclared := slices.DeleteFunc(slices.Clone(e.diffs), func(d Difference) bool {
		return len(d.Probe.Topic) == 0 || declares(c.Skips, d.Probe.Topic)
	})
	if len(undeclared) > 0 {
		return fmt.Errorf("%s differs from encoding/json without declaring it in Skips (the Skips rule) on %s", c.Name, describe(undeclared))
	}
	if s, probes := contradicted(c.Skips, e); s != "" {
		return fmt.Errorf("%s declares %q in Skips, but it does what encoding/json does on every probe of that topic (the Skips rule): %s",
			c.Name, s, strings.Join(probes, ", "))
	}
	return nil
}

// contradicted returns the first entry of skips that names the topic of
// probes e ran, none of which differ, and those probes.
func contradicted(skips []string, e evidence) (string, []string) {
skips:
	for _, s := range skips {
		var same []string
		for i, p := range AllProbes {
			if len(p.Topic) == 0 || e.outcomes[i].Label == NA || !declares([]string{s}, p.Topic) {
				continue
			}
			if slices.ContainsFunc(e.diffs, func(d Difference) bool { return d.Probe.Name == p.Name }) {
				continue skips // a probe of the topic differs
			}
			same = append(same, p.Name)
		}
		if len(same) > 0 {
			return s, same
		}
	}
	return "", nil
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
