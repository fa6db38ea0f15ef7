package probes

import (
	"cmp"
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
		wantErr string
	}{
		{"jsoniter-std", func(c *codecs.Codec) { c.Category = codecs.Std }, "make it near-std"},
		{"sonic-std", func(c *codecs.Codec) { c.Category = codecs.Std }, "make it near-std"},
		{"segmentio", func(c *codecs.Codec) { c.Category = codecs.Fast }, "make it near-std"},
		{"sonic-fastest", func(c *codecs.Codec) { c.Category = codecs.NearStd }, "make it fast"},
		{"goccy", func(c *codecs.Codec) { c.Category = codecs.Fast }, "make it std"},
		{"json-v2", func(c *codecs.Codec) { c.Category = codecs.NearStd }, "make it v2"},
		{"fastjson", func(c *codecs.Codec) { c.Category = codecs.Std }, "make it fast"},
		{"json-v2", func(c *codecs.Codec) { c.Category = codecs.Fast }, "make it v2"},
		{"easyjson", func(c *codecs.Codec) { c.Category = codecs.Fast }, "make it codegen"},
		{"gjson", func(c *codecs.Codec) { c.Category = codecs.Std }, "make it fast"},
		{"jsoniter-fastest", func(c *codecs.Codec) { c.Skips = nil }, "without declaring"},
		{"easyjson", func(c *codecs.Codec) { c.Skips = c.Skips[1:] }, "map key order"},
	}
	for _, tt := range tests {
		orig := mustLookup(t, tt.codec)
		c := *orig
		c.Skips = append([]string(nil), orig.Skips...)
		tt.change(&c)
		t.Run(tt.codec+"/"+string(c.Category), func(t *testing.T) {
			err := CheckCategory(&c, res)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("CheckCategory: %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

// TestDerive applies the rules to made-up outcomes: every probe gives
// encoding/json's label unless a test says otherwise.
func TestDerive(t *testing.T) {
	full := codecs.FullOps
	tests := []struct {
		name   string
		ops    []codecs.Op
		labels map[string]string // probe name → the configuration's label
		want   codecs.Category   // "" for an error
	}{
		{"same everywhere", full, nil, codecs.Std},
		{"encode only, same", []codecs.Op{codecs.EncodeStruct}, nil, codecs.Std},
		{"decode only, lower nesting limit", []codecs.Op{codecs.DecodeMap, codecs.DecodeStruct}, map[string]string{"depth 5000": rejects}, codecs.NearStd},
		{"float spelling", full, map[string]string{"float 1e-7": "`1e-07`"}, codecs.NearStd},
		{"float precision", full, map[string]string{"float 1e-7": "`0`"}, codecs.Fast},
		{"float sign", full, map[string]string{"float -0": "`0`", "float -0 on decode": "0"}, codecs.NearStd},
		{"no nesting limit and a NUL end", full, map[string]string{"depth 10001": accepts, "NUL after the document": accepts}, codecs.NearStd},
		{"control characters", full, map[string]string{"raw control characters": accepts}, codecs.Fast},
		{"aliasing", full, map[string]string{"string aliasing of the input": "aliases input (any)"}, codecs.Fast},
		{"only where v2 differs", full, map[string]string{"invalid UTF-8 on encode": "raw U+FFFD"}, codecs.V2},
		{"where v2 differs and elsewhere", full, map[string]string{"HTML escaping": "no escape", "Marshaler output compaction": "kept as is"}, codecs.Fast},
		{"generated code", []codecs.Op{codecs.DecodeStruct, codecs.EncodeStruct}, map[string]string{generatedProbe: "fails", "map key order": "unsorted"}, codecs.Codegen},
		{"generated code, same otherwise", full, map[string]string{generatedProbe: "fails"}, codecs.Codegen},
		{"get5 only", []codecs.Op{codecs.Get5}, nil, codecs.Fast},
		{"encode-map only", []codecs.Op{codecs.EncodeMap}, nil, ""},
		{"crash", full, map[string]string{"nil map": Crash}, ""},
	}
	ref := &codecs.Codec{Name: Reference, Category: codecs.Std, Ops: full}
	v2 := &codecs.Codec{Name: V2Reference, Category: codecs.V2, Ops: full}
	v2Labels := map[string]string{"HTML escaping": "no escape", "invalid UTF-8 on encode": "error"}
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
		got, why, err := Derive(c, r)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("%s: Derive = %q (%s), %v; want %q", tt.name, got, why, err, tt.want)
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
