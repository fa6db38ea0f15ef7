package probes

import (
	"cmp"
	"os"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

func TestCategoriesMatchProbes(t *testing.T) {
	t.Parallel()
	res := mustProbeResults(t)
	for _, c := range res.Codecs {
		t.Run(c.Name, func(t *testing.T) {
			if err := CheckCategory(c, res); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestCheckCategoryCatchesContradiction changes the category or Skips of
// copies of registered configurations: each change must fail the check.
func TestCheckCategoryCatchesContradiction(t *testing.T) {
	t.Parallel()
	res := mustProbeResults(t)
	tests := []struct {
		codec   string
		change  func(c *codecs.Codec)
		wantErr []string // each in the error
	}{
		{"jsoniter-std", func(c *codecs.Codec) { c.Category = codecs.Std }, []string{"make it near-std by rule 7", "rule 4 (no difference) does not hold: it differs on", "float 1e-7 (`1e-07`; encoding/json: `1e-7`)"}},
		{"sonic-std", func(c *codecs.Codec) { c.Category = codecs.Std }, []string{"make it near-std", "depth 5000 (rejects; encoding/json: accepts)"}},
		{"segmentio", func(c *codecs.Codec) { c.Category = codecs.Fast }, []string{"make it near-std", "rule 6 (work left out) does not hold: no difference is work left out: ", "depth 10001"}},
		{"sonic-fastest", func(c *codecs.Codec) { c.Category = codecs.NearStd }, []string{"make it fast by rule 6 (work left out): leaves out work: HTML escaping", "rule 7 (a different decision) holds too, but rule 6 comes first"}},
		{"goccy", func(c *codecs.Codec) { c.Category = codecs.Fast }, []string{"make it std by rule 4", "rule 2 (get5 only) does not hold", "rule 6 (work left out) does not hold: it differs from encoding/json on no probe"}},
		{"json-v2", func(c *codecs.Codec) { c.Category = codecs.NearStd }, []string{"make it v2 by rule 5", "deciding: invalid UTF-8 on encode"}},
		{"json-v2", func(c *codecs.Codec) { c.Category = codecs.Fast }, []string{"make it v2", "rule 6 (work left out) holds too, but rule 5 comes first"}},
		{"sonic-default", func(c *codecs.Codec) { c.Category = codecs.V2 }, []string{"make it fast", "rule 5 (v2 semantics) does not hold: it differs where json-v2 does not", "float -0 on decode (0; encoding/json: -0)"}},
		{"fastjson", func(c *codecs.Codec) { c.Category = codecs.Std }, []string{"make it fast by rule 2 (get5 only): get5 only: validates the whole document", "rule 4 (no difference) holds too, but rule 2 comes first"}},
		{"gjson", func(c *codecs.Codec) { c.Category = codecs.Std }, []string{"make it fast by rule 2", "reads lazily, the rest unvalidated: accepts malformed value off the paths"}},
		{"jx", func(c *codecs.Codec) { c.Category = codecs.Codegen }, []string{"make it fast by rule 2", "rule 3 (generated code) does not hold: probe \"struct without generated code\""}},
		{"easyjson", func(c *codecs.Codec) { c.Category = codecs.Fast }, []string{"make it codegen by rule 3"}},
		{"jsoniter-fastest", func(c *codecs.Codec) { c.Skips = nil }, []string{"without declaring it in Skips (the Skips rule) on HTML escaping (no escape; encoding/json: escaped)"}},
		{"easyjson", func(c *codecs.Codec) { c.Skips = c.Skips[1:] }, []string{"map key order (unsorted; encoding/json: sorted)"}},
		{"gjson", func(c *codecs.Codec) { c.Skips = c.Skips[1:] }, []string{"without declaring", "malformed value after the last path (accepts; encoding/json: rejects)"}},
		{"fastjson", func(c *codecs.Codec) { c.Skips = append(c.Skips, "validation of the document after the last path") }, []string{
			`declares "validation of the document after the last path" in Skips, but it does what encoding/json does on every probe of that topic (the Skips rule): malformed value after the last path, document cut after the last path`}},
		{"goccy", func(c *codecs.Codec) { c.Category, c.Skips = codecs.NearStd, []string{"HTML escaping"} }, []string{"make it std"}},
		{"segmentio", func(c *codecs.Codec) { c.Skips = append(c.Skips, "HTML escaping") }, []string{`declares "HTML escaping" in Skips, but`, ": HTML escaping"}},
	}
	for _, tt := range tests {
		orig := mustLookup(t, tt.codec)
		c := *orig
		c.Skips = append([]string(nil), orig.Skips...)
		tt.change(&c)
		t.Run(tt.codec+"/"+string(c.Category), func(t *testing.T) {
			err := CheckCategory(&c, res)
			for _, want := range tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("CheckCategory: %v, want an error containing %q", err, want)
				}
			}
		})
	}
}

// TestDecide applies the rules to made-up outcomes: every probe gives
// encoding/json's label unless a test says otherwise.
func TestDecide(t *testing.T) {
	full := codecs.FullOps
	tests := []struct {
		name    string
		ops     []codecs.Op
		labels  map[string]string // probe name → the configuration's label
		want    codecs.Category   // "" for an error
		wantWhy string            // in the reason (or the error)
	}{
		{"same everywhere", full, nil, codecs.Std, "same as encoding/json"},
		{"encode only, same", []codecs.Op{codecs.EncodeStruct}, nil, codecs.Std, ""},
		{"decode only, lower nesting limit", []codecs.Op{codecs.DecodeMap, codecs.DecodeStruct}, map[string]string{"depth 5000": rejects}, codecs.NearStd, "depth 5000"},
		{"float spelling", full, map[string]string{"float 1e-7": "`1e-07`"}, codecs.NearStd, ""},
		{"float precision", full, map[string]string{"float 1e-7": "`0`"}, codecs.Fast, "leaves out work: float 1e-7"},
		{"float sign", full, map[string]string{"float -0": "`0`", "float -0 on decode": "0"}, codecs.NearStd, ""},
		{"no nesting limit and a NUL end", full, map[string]string{"depth 10001": accepts, "NUL after the document": accepts}, codecs.NearStd, ""},
		{"control characters", full, map[string]string{"raw control characters": accepts}, codecs.Fast, ""},
		{"aliasing", full, map[string]string{"string aliasing of the input": "aliases input (any)"}, codecs.Fast, ""},
		{"only as v2 decides", full, map[string]string{"invalid UTF-8 on encode": "error"}, codecs.V2, "deciding: invalid UTF-8 on encode"},
		{"as v2 decides, and work v2 leaves out", full, map[string]string{"invalid UTF-8 on encode": "error", "HTML escaping": "no escape"}, codecs.V2, ""},
		{"where v2 differs, otherwise than v2", full, map[string]string{"invalid UTF-8 on encode": "raw U+FFFD"}, codecs.NearStd, ""},
		{"only work v2 leaves out too: unsorted map keys", full, map[string]string{"map key order": "unsorted"}, codecs.Fast, "leaves out work: map key order"},
		{"only work v2 leaves out too: HTML", full, map[string]string{"HTML escaping": "no escape"}, codecs.Fast, ""},
		{"where v2 differs and elsewhere", full, map[string]string{"HTML escaping": "no escape", "Marshaler output compaction": "kept as is"}, codecs.Fast, ""},
		{"generated code", []codecs.Op{codecs.DecodeStruct, codecs.EncodeStruct}, map[string]string{generatedProbe: "fails", "map key order": "unsorted"}, codecs.Codegen, ""},
		{"generated code, same otherwise", full, map[string]string{generatedProbe: "fails"}, codecs.Codegen, ""},
		{"get5 only, validating", []codecs.Op{codecs.Get5}, nil, codecs.Fast, "validates the whole document"},
		{"get5 only, lazy", []codecs.Op{codecs.Get5}, map[string]string{"document cut after the last path": accepts}, codecs.Fast,
			"reads lazily, the rest unvalidated: accepts document cut after the last path"},
		{"get5 and more, lazy", []codecs.Op{codecs.Get5, codecs.DecodeStruct}, map[string]string{"document cut after the last path": accepts}, codecs.Fast, "leaves out work"},
		{"encode-map only", []codecs.Op{codecs.EncodeMap}, nil, "", "no probe can run on it"},
		{"crash", full, map[string]string{"nil map": Crash}, "", `crash on probe "nil map"`},
	}
	ref := &codecs.Codec{Name: Reference, Category: codecs.Std, Ops: full}
	v2 := &codecs.Codec{Name: V2Reference, Category: codecs.V2, Ops: full}
	v2Labels := map[string]string{"HTML escaping": "no escape", "map key order": "unsorted", "invalid UTF-8 on encode": "error"}
	for _, tt := range tests {
		c := &codecs.Codec{Name: "c", Ops: tt.ops}
		r := &Results{Suite: Probes(), Codecs: []*codecs.Codec{ref, v2, c}, Outcomes: map[string][]Outcome{}}
		for _, p := range AllProbes {
			r.Outcomes[ref.Name] = append(r.Outcomes[ref.Name], Outcome{Label: "std"})
			r.Outcomes[v2.Name] = append(r.Outcomes[v2.Name], Outcome{Label: cmp.Or(v2Labels[p.Name], "std")})
			label := cmp.Or(tt.labels[p.Name], "std")
			if !p.Needs(c) {
				label = NA
			}
			r.Outcomes[c.Name] = append(r.Outcomes[c.Name], Outcome{Label: label})
		}
		_, i, why, err := decide(c, r)
		got := rules[i].category
		if err != nil {
			why = err.Error()
		}
		if got != tt.want || (err != nil) != (tt.want == "") || !strings.Contains(why, tt.wantWhy) {
			t.Errorf("%s: decide = %q (%s), %v; want %q (%s)", tt.name, got, why, err, tt.want, tt.wantWhy)
		}
	}
}

func TestDeclares(t *testing.T) {
	tests := []struct {
		skips []string
		topic []string
		want  bool
	}{
		{[]string{"HTML escaping"}, []string{"HTML"}, true},
		{[]string{"html escaping"}, []string{"HTML"}, true},
		{[]string{"map key sorting"}, []string{"key", "sort"}, true},
		{[]string{"map keys", "sorting"}, []string{"key", "sort"}, false},
		{[]string{"UTF-8 validation on encode"}, []string{"UTF-8", "decode"}, false},
		{nil, []string{"depth"}, false},
	}
	for _, tt := range tests {
		if got := declares(tt.skips, tt.topic); got != tt.want {
			t.Errorf("declares(%q, %q) = %v, want %v", tt.skips, tt.topic, got, tt.want)
		}
	}
}

// TestREADMEStatesTheRules holds the README's add-a-codec section to the
// rules decide applies.
func TestREADMEStatesTheRules(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## Add a codec\n")
	section, _, _ = strings.Cut(section, "\n## ")
	if !strings.Contains(section, RulesMarkdown()) {
		t.Errorf("README.md's \"Add a codec\" section does not state the category rules; it should hold:\n%s", RulesMarkdown())
	}
}
