package probes

import (
	"slices"
	"testing"
)

// skipNote says why dropping an entry of Skips would pass CheckCategory.
type skipNote struct {
	probe  string // the probe that observes the difference; "" for none
	reason string
}

// notPinnedByProbes lists, by configuration, the entries of Skips whose loss
// CheckCategory cannot see: no probe observes the difference, or the probe
// that does has its topic named by another entry too.
var notPinnedByProbes = map[string]map[string]skipNote{
	"sonic-default": {
		"string copying (strings point into one copy of the whole input)": {reason: stringCopy},
	},
	"sonic-fastest": {
		"string copying (strings point into one copy of the whole input)": {reason: stringCopy},
	},
	"jsoniter-std": {
		"float format (1e-07)": {probe: "float 1e-7", reason: floatField},
	},
	"jsoniter-fastest": {
		"float precision (6 decimal places)": {probe: "float 1e-7", reason: floatField},
		"escaped object names": {reason: "its names are matched without unescaping them only by the decoder of a struct " +
			"with more than ten fields, and the probes decode into structs of one or two"},
	},
	"gjson": {
		"decoding of anything off the paths": {reason: getterDecodes},
	},
	"fastjson": {
		"decoding of anything off the paths into Go values (it stays in fastjson's tree)": {reason: getterDecodes},
	},
	"jx": {
		"decoding of anything off the paths": {reason: getterDecodes},
	},
	"simdjson-go": {
		"decoding of anything off the paths into Go values (it stays in the tape)": {reason: getterDecodes},
	},
}

const (
	stringCopy = "sonic copies the input once and its strings point into that copy, so overwriting the input, " +
		"which the aliasing probe does, changes none of them"
	floatField    = `"number syntax (accepts +1 into a float field)" names the float probes' topic too`
	getterDecodes = "no probe sees what a getter decodes: the get probes see what it validates"
)

// TestEverySkipIsPinned makes each entry of a configuration's Skips fail a
// test when it is dropped: either CheckCategory fails without it, because a
// probe observes the difference and no other entry names the probe's
// topic, or the entry is listed in notPinnedByProbes, with the probe that
// observes it, which this test checks, or the reason none does. A listed
// entry that the configuration no longer declares, or whose loss
// CheckCategory now sees, fails too.
func TestEverySkipIsPinned(t *testing.T) {
	t.Parallel()
	res := mustProbeResults(t)
	names := map[string]bool{}
	for _, c := range res.Codecs {
		names[c.Name] = true
		listed := notPinnedByProbes[c.Name]
		for i, s := range c.Skips {
			without := *c
			without.Skips = slices.Delete(slices.Clone(c.Skips), i, i+1)
			seen := CheckCategory(&without, res) != nil
			note, ok := listed[s]
			switch {
			case seen && ok:
				t.Errorf("%s: CheckCategory fails without %q: drop it from notPinnedByProbes", c.Name, s)
			case !seen && !ok:
				t.Errorf("%s: CheckCategory passes without %q: add a probe, or list it in notPinnedByProbes with the reason", c.Name, s)
			case ok && note.probe != "":
				observes := func(d Difference) bool { return d.Probe.Name == note.probe && declares([]string{s}, d.Probe.Topic) }
				if !slices.ContainsFunc(Differences(res, c.Name), observes) {
					t.Errorf("%s: %q is listed as observed by probe %q, which finds no difference of that topic", c.Name, s, note.probe)
				}
			}
		}
		for s := range listed {
			if !slices.Contains(c.Skips, s) {
				t.Errorf("%s: notPinnedByProbes lists %q, which its Skips no longer declare", c.Name, s)
			}
		}
	}
	for name := range notPinnedByProbes {
		if !names[name] {
			t.Errorf("notPinnedByProbes lists %s, which is not registered", name)
		}
	}
}
