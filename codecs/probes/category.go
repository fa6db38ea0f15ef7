package probes

import (
	"fmt"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
)

// Reference returns the configuration every table is read against: the
// standard library's encoding/json, the std configuration without a module.
func Reference(cs []*codecs.Codec) (*codecs.Codec, error) {
	for _, c := range cs {
		if c.Category == codecs.Std && c.Module == "" {
			return c, nil
		}
	}
	return nil, fmt.Errorf("no encoding/json configuration among %d", len(cs))
}

// A Difference is a probe on which a configuration does not behave as
// encoding/json.
type Difference struct {
	Probe Probe
	Got   string // the configuration's label
	Want  string // encoding/json's label
}

func (d Difference) String() string {
	return fmt.Sprintf("%s (%s; encoding/json: %s)", d.Probe.Name, d.Got, d.Want)
}

// Differences returns the probes on which name's outcomes in r differ
// from ref's. r must hold the probe suite.
func Differences(r *Results, ref, name string) []Difference {
	got, want := r.Outcomes[name], r.Outcomes[ref]
	var diffs []Difference
	for i, p := range AllProbes {
		if got[i].Label != want[i].Label {
			diffs = append(diffs, Difference{Probe: p, Got: got[i].Label, Want: want[i].Label})
		}
	}
	return diffs
}

// CheckCategory reports whether c's declared category agrees with the
// differences its probes found. A std configuration must have none. Any
// other configuration the probes apply to must declare each one: some
// entry of its Skips must name the probe's topic. Declaring more than the
// probes find is allowed; they do not test everything.
func CheckCategory(c *codecs.Codec, diffs []Difference) error {
	if !Applies(c) {
		return nil
	}
	if c.Category == codecs.Std {
		if len(diffs) > 0 {
			return fmt.Errorf("%s is declared std but differs from encoding/json on %s", c.Name, joinDiffs(diffs))
		}
		return nil
	}
	var undeclared []Difference
	for _, d := range diffs {
		if !declares(c.Skips, d.Probe.Topic) {
			undeclared = append(undeclared, d)
		}
	}
	if len(undeclared) > 0 {
		return fmt.Errorf("%s (%s) differs from encoding/json without declaring it in Skips on %s", c.Name, c.Category, joinDiffs(undeclared))
	}
	return nil
}

// declares reports whether an entry of skips contains every word of topic.
func declares(skips, topic []string) bool {
	for _, s := range skips {
		s = strings.ToLower(s)
		all := true
		for _, w := range topic {
			all = all && strings.Contains(s, strings.ToLower(w))
		}
		if all {
			return true
		}
	}
	return false
}

func joinDiffs(diffs []Difference) string {
	s := make([]string, len(diffs))
	for i, d := range diffs {
		s[i] = d.String()
	}
	return strings.Join(s, "; ")
}
