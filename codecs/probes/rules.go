package probes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/markdown"
)

// A rule gives a configuration a category when it holds. The rules apply
// in order and the first that holds decides; RulesMarkdown states them for
// the README's add-a-codec section and results/conformance/README.md.
type rule struct {
	category codecs.Category // "": holding it is an error
	name     string          // what CheckCategory's errors call it
	text     string          // the rule as the README states it
	// holds reports whether the rule holds for e, and why or why not,
	// naming the probes.
	holds func(e evidence) (bool, string)
}

// evidence is what the rules read of a configuration's probe outcomes.
type evidence struct {
	c        *codecs.Codec
	outcomes []Outcome
	diffs    []Difference // from Reference
	v2       map[string]string
}

// rules are the category rules, in the order they apply.
var rules = []rule{
	{"", "no outcome", "A crash or timeout on a probe, or no probe it can run (it supports none of `encode-struct`, " +
		"`decode-struct`, `decode-map` and `get5`), decides nothing: the check fails.", noOutcome},
	{codecs.Fast, "get5 only", "`fast`: it supports `get5` alone, reading values by path without decoding the document. " +
		"The get5 probes give the reason: \"validates the whole document\" when it rejects every malformed document " +
		"as encoding/json does, else \"reads lazily, the rest unvalidated\", with the probes it accepts.", getOnly},
	{codecs.Codegen, "generated code", "`codegen`: it fails on the struct without generated code, whatever else it does.", generated},
	{codecs.Std, "no difference", "`std`: it does what encoding/json does on every probe it runs.", noDifference},
	{codecs.V2, "v2 semantics", "`v2`: every difference is one " + V2Reference + " has, with " + V2Reference + "'s outcome, " +
		"and not all of them are work left out (rule 6): it follows encoding/json/v2's decisions, not only skipping work.", v2Semantics},
	{codecs.Fast, "work left out", "`fast`: some difference is work left out, even where " + V2Reference + " leaves out " +
		"the same: HTML or U+2028 escaping, map key sorting, UTF-8 validation on encode, validation of raw control " +
		"characters, of skipped values, of the end of a string or of the document around the paths of a get, integer " +
		"range checks, float precision (a different number, not a different spelling), copying strings out of the input.", workLeftOut},
	{codecs.NearStd, "a different decision", "`near-std`: otherwise; every difference is a different decision at the same " +
		"work: float spelling, Marshaler output kept as written, nil slices and maps, what invalid UTF-8, lone surrogates " +
		"and -0 decode to, name matching, number spellings accepted, trailing data or a NUL byte after the document, " +
		"nesting limits, and control characters let through only after an escape (a gap on the slower path for strings " +
		"with escapes, which saves no work on the others).", func(e evidence) (bool, string) {
		return true, "decides edges differently: " + strings.Join(probeNames(e.diffs), ", ")
	}},
}

// SkipsRule is the check on Skips that follows the category.
const SkipsRule = "Every difference is named in `Skips` (an entry holding every word of the probe's topic), and an " +
	"entry that names the topic of probes the configuration runs, none of which finds a difference, is contradicted: " +
	"either fails the check."

// RulesMarkdown is the category rules as a numbered Markdown list, then
// SkipsRule, in lines of at most 110 characters, as the README's are.
func RulesMarkdown() string {
	var b strings.Builder
	for i, r := range rules {
		b.WriteString(strconv.Itoa(i+1) + ". " + r.text + "\n")
	}
	b.WriteString("\n" + SkipsRule + "\n")
	return string(markdown.Wrap([]byte(b.String()), 110))
}

func noOutcome(e evidence) (bool, string) {
	if i := slices.IndexFunc(e.outcomes, func(o Outcome) bool { return o.Label == Crash || o.Label == Timeout }); i >= 0 {
		return true, fmt.Sprintf("%s on probe %q (%s)", e.outcomes[i].Label, AllProbes[i].Name, e.outcomes[i].Detail)
	}
	if !ran(e.outcomes) {
		return true, fmt.Sprintf("no probe can run on it: it supports none of %s, %s, %s and %s", codecs.EncodeStruct, codecs.DecodeStruct, codecs.DecodeMap, codecs.Get5)
	}
	return false, "every probe it runs gave an outcome"
}

func getOnly(e evidence) (bool, string) {
	if !slices.Equal(e.c.Ops, []codecs.Op{codecs.Get5}) {
		return false, fmt.Sprintf("it supports %s, not get5 alone", strings.Join(codecs.OpNames(e.c.Ops), ", "))
	}
	if len(e.diffs) == 0 {
		return true, "get5 only: validates the whole document (rejects every malformed one, as encoding/json does), decodes only the paths"
	}
	return true, "get5 only: reads lazily, the rest unvalidated: accepts " + strings.Join(probeNames(e.diffs), ", ")
}

func generated(e evidence) (bool, string) {
	if slices.Contains(probeNames(e.diffs), generatedProbe) {
		return true, "fails on a struct without generated code"
	}
	return false, fmt.Sprintf("probe %q: it does not fail on a struct without generated code", generatedProbe)
}

func noDifference(e evidence) (bool, string) {
	if len(e.diffs) == 0 {
		return true, "same as encoding/json on every probe"
	}
	return false, "it differs on " + describe(e.diffs)
}

func v2Semantics(e evidence) (bool, string) {
	var otherwise, decided []Difference
	for _, d := range e.diffs {
		if got, ok := e.v2[d.Probe.Name]; !ok || got != d.Got {
			otherwise = append(otherwise, d)
		} else if !skipped(d) {
			decided = append(decided, d)
		}
	}
	switch {
	case len(e.diffs) == 0:
		return false, "it differs from encoding/json on no probe"
	case len(otherwise) > 0:
		return false, "it differs where " + V2Reference + " does not, or otherwise than it does, on " + describe(otherwise)
	case len(decided) == 0:
		return false, "its differences are all work left out: " + strings.Join(probeNames(e.diffs), ", ")
	}
	return true, "differs from encoding/json only as " + V2Reference + " does, deciding: " + strings.Join(probeNames(decided), ", ")
}

func workLeftOut(e evidence) (bool, string) {
	left := slices.DeleteFunc(slices.Clone(e.diffs), func(d Difference) bool { return !skipped(d) })
	switch {
	case len(e.diffs) == 0:
		return false, "it differs from encoding/json on no probe"
	case len(left) == 0:
		return false, "no difference is work left out: " + describe(e.diffs)
	}
	return true, "leaves out work: " + strings.Join(probeNames(left), ", ")
}

// skipped reports whether d's outcome is work left out.
func skipped(d Difference) bool { return d.Probe.Skipped != nil && d.Probe.Skipped(d.Got) }

// describe names each difference's probe with both outcomes.
func describe(diffs []Difference) string {
	parts := make([]string, len(diffs))
	for i, d := range diffs {
		parts[i] = fmt.Sprintf("%s (%s; encoding/json: %s)", d.Probe.Name, d.Got, d.Want)
	}
	return strings.Join(parts, ", ")
}
