package probes

import (
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

func TestCategoriesMatchProbes(t *testing.T) {
	res := mustProbeResults(t)
	ref, err := Reference(res.Codecs)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Codecs {
		t.Run(c.Name, func(t *testing.T) {
			if err := CheckCategory(c, Differences(res, ref.Name, c.Name)); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestCheckCategoryCatchesContradiction changes the category or Skips of
// copies of registered configurations: a category the probes contradict
// must fail the check.
func TestCheckCategoryCatchesContradiction(t *testing.T) {
	res := mustProbeResults(t)
	ref, err := Reference(res.Codecs)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		codec   string
		change  func(c *codecs.Codec)
		wantErr string // "" when the check must pass
	}{
		{"jsoniter-std", func(c *codecs.Codec) { c.Category = codecs.Std }, "declared std"},
		{"sonic-std", func(c *codecs.Codec) { c.Category = codecs.Std }, "declared std"},
		{"segmentio", func(c *codecs.Codec) { c.Category = codecs.Std }, "declared std"},
		{"json-v1-on-v2", func(c *codecs.Codec) { c.Category = codecs.Std }, "declared std"},
		{"json-v2", func(c *codecs.Codec) { c.Category = codecs.Std }, "declared std"},
		{"sonic-default", func(c *codecs.Codec) { c.Category = codecs.NearStd; c.Skips = []string{"HTML escaping"} }, "without declaring"},
		{"jsoniter-fastest", func(c *codecs.Codec) { c.Skips = nil }, "without declaring"},
		{"easyjson", func(c *codecs.Codec) { c.Skips = c.Skips[1:] }, "map key order"},
		{"goccy", func(c *codecs.Codec) { c.Category = codecs.Fast }, ""},
		{"jsoniter-std", func(c *codecs.Codec) {}, ""},
		{"gjson", func(c *codecs.Codec) { c.Category = codecs.Std }, ""}, // the probes cannot run it
	}
	for _, tt := range tests {
		orig := mustLookup(t, tt.codec)
		c := *orig
		c.Skips = append([]string(nil), orig.Skips...)
		tt.change(&c)
		t.Run(tt.codec+"/"+string(c.Category), func(t *testing.T) {
			err := CheckCategory(&c, Differences(res, ref.Name, orig.Name))
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("CheckCategory: %v, want nil", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("CheckCategory: %v, want an error containing %q", err, tt.wantErr)
			}
		})
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
