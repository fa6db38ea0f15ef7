package probes

import (
	"fmt"
	"slices"
	"strconv"
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

// V2Reference names the configuration the v2 category is read against, as
// the gate reads it: github.com/go-json-experiment/json, default options.
const V2Reference = "json-v2"

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

// Differences returns the probes on which name's outcomes in r differ from
// ref's. A probe it could not run is none, nor is one it crashed or hung
// on: that is a fault, which Derive reports, not a behaviour to list. r
// must hold the probe suite.
func Differences(r *Results, ref, name string) []Difference {
	got, want := r.Outcomes[name], r.Outcomes[ref]
	var diffs []Difference
	for i, p := range AllProbes {
		if l := got[i].Label; l != want[i].Label && l != NA && l != Crash && l != Timeout {
			diffs = append(diffs, Difference{Probe: p, Got: got[i].Label, Want: want[i].Label})
		}
	}
	return diffs
}

// generatedProbe names the probe that finds generated code.
const generatedProbe = "struct without generated code"

// Derive returns the category that c's probe outcomes in r give it, and
// why. The rules, in order:
//
//  1. A crash or timeout on a probe decides nothing: an error.
//  2. Get-only: a configuration that no probe can run, because it neither
//     encodes nor decodes whole values, but that reads values lazily (get5)
//     is fast: it leaves the rest of the document undecoded and
//     unvalidated by design. Without get5 it is an error.
//  3. Codegen: a configuration that fails on a struct type without
//     generated code (generatedProbe) works only on code generated for
//     known types. It is codegen whatever its other differences, which it
//     must still declare; the probes run on types generated for it.
//  4. Std: the same label as encoding/json on every probe it runs.
//  5. V2: every difference is on a probe where json-v2 (V2Reference)
//     differs from encoding/json too: it departs from encoding/json where
//     the v2 semantics do, and nowhere else.
//  6. Fast: some difference is work left out (Probe.Skipped): HTML or
//     U+2028 escaping, map key sorting, UTF-8 validation on encode,
//     validation of the strings (control characters, their end) or the
//     skipped values it reads, integer range checks, float precision,
//     copying strings out of the input.
//  7. Near-std: every difference is a different decision at the same work:
//     how a float is spelled, Marshaler output kept as written, what nil
//     slices and maps become, what invalid UTF-8, lone surrogates and -0
//     decode to, how names match, which number spellings it takes, where
//     the input may end (trailing data, a NUL byte), how deep it nests,
//     and control characters let through only after an escape (a gap on
//     the slower path for strings with escapes, which saves no work on
//     the others).
func Derive(c *codecs.Codec, r *Results) (codecs.Category, string, error) {
	ref, err := Reference(r.Codecs)
	if err != nil {
		return "", "", err
	}
	outcomes, ok := r.Outcomes[c.Name]
	if !ok {
		return "", "", fmt.Errorf("%s: no probe outcomes", c.Name)
	}
	ran := 0
	for i, o := range outcomes {
		switch o.Label {
		case Crash, Timeout:
			return "", "", fmt.Errorf("%s: %s on probe %q (%s)", c.Name, o.Label, AllProbes[i].Name, o.Detail)
		case NA:
		default:
			ran++
		}
	}
	switch {
	case ran == 0 && c.Supports(codecs.Get5):
		return codecs.Fast, "get5 only: reads a few values lazily, the rest undecoded and unvalidated", nil
	case ran == 0:
		return "", "", fmt.Errorf("%s: no probe can run on it: it supports neither %s nor %s", c.Name, codecs.EncodeStruct, codecs.DecodeStruct)
	case differs(r, ref.Name, c.Name, generatedProbe):
		return codecs.Codegen, "fails on a struct without generated code", nil
	}
	diffs := Differences(r, ref.Name, c.Name)
	if len(diffs) == 0 {
		return codecs.Std, "same as encoding/json on every probe", nil
	}
	if _, ok := r.Outcomes[V2Reference]; !ok {
		return "", "", fmt.Errorf("%s: the v2 rule needs the probe outcomes of %s", c.Name, V2Reference)
	}
	v2 := probeNames(Differences(r, ref.Name, V2Reference))
	names := probeNames(diffs)
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

// differs reports whether name's label on the named probe differs from
// ref's.
func differs(r *Results, ref, name, probe string) bool {
	i := slices.IndexFunc(AllProbes, func(p Probe) bool { return p.Name == probe })
	return r.Outcomes[name][i] != r.Outcomes[ref][i]
}

func probeNames(diffs []Difference) []string {
	names := make([]string, len(diffs))
	for i, d := range diffs {
		names[i] = d.Probe.Name
	}
	return names
}

// CheckCategory reports whether c's declared category is the one Derive
// gives it, and whether c declares each difference its probes found: some
// entry of its Skips must name the probe's topic. Declaring more than the
// probes find is allowed; they do not test everything.
func CheckCategory(c *codecs.Codec, r *Results) error {
	derived, why, err := Derive(c, r)
	if err != nil {
		return err
	}
	if derived != c.Category {
		return fmt.Errorf("%s is declared %s, but its probes make it %s (%s)", c.Name, c.Category, derived, why)
	}
	ref, _ := Reference(r.Codecs) // Derive found it
	var undeclared []string
	for _, d := range Differences(r, ref.Name, c.Name) {
		if len(d.Probe.Topic) > 0 && !declares(c.Skips, d.Probe.Topic) {
			undeclared = append(undeclared, d.String())
		}
	}
	if len(undeclared) > 0 {
		return fmt.Errorf("%s differs from encoding/json without declaring it in Skips on %s", c.Name, strings.Join(undeclared, "; "))
	}
	return nil
}

// declares reports whether an entry of skips contains every word of topic.
func declares(skips, topic []string) bool {
	return slices.ContainsFunc(skips, func(s string) bool {
		s = strings.ToLower(s)
		return !slices.ContainsFunc(topic, func(w string) bool { return !strings.Contains(s, strings.ToLower(w)) })
	})
}

// The classifiers of Probe.Skipped.

// labels is a classifier: the given labels mean skipped work.
func labels(ls ...string) func(string) bool {
	return func(l string) bool { return slices.Contains(ls, l) }
}

// always is a classifier: every difference means skipped work.
func always(string) bool { return true }

// aliases is the classifier of the aliasing probe: not copying a string.
func aliases(l string) bool { return strings.HasPrefix(l, "aliases input") }

// lossy is the classifier of a float probe: a number written for f that is
// another number (not another spelling, nor 0 for -0, nor an error) has lost
// precision.
func lossy(f float64) func(string) bool {
	return func(l string) bool {
		g, err := strconv.ParseFloat(strings.Trim(l, "`"), 64)
		return err == nil && g != f
	}
}
