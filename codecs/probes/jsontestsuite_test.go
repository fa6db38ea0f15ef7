package probes

import (
	"bytes"
	"maps"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/modcache"
)

// TestJSONTestSuite fails, rather than skips, when the corpus cannot be
// had: the conformance tables need it.
func TestJSONTestSuite(t *testing.T) {
	t.Parallel()
	dir, err := JSONTestSuiteDir()
	if err != nil {
		t.Fatal(err)
	}
	s, err := JSONTestSuite(dir)
	if err != nil {
		t.Fatal(err)
	}
	classes := map[string]int{}
	for _, k := range s.Cases {
		classes[caseClass(k.Name)]++
	}
	if want := map[string]int{"y": 95, "n": 188, "i": 35, "transform": 22}; !maps.Equal(classes, want) {
		t.Fatalf("corpus %s has %v cases by class, want upstream's %v", dir, classes, want)
	}
	res, err := Run(s, codecs.All(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	probes := mustProbeResults(t)
	checkOutcomes(t, res, probes)
	for _, c := range res.Codecs {
		for i, k := range s.Cases {
			got := res.Outcomes[c.Name][i].Label
			if caseClass(k.Name) != "transform" && got != accepts && got != rejects && got != Crash && got != Timeout && got != NA {
				t.Errorf("%s, %s: unknown outcome %q", c.Name, k.Name, got)
			}
		}
	}
	report, err := render("jsontestsuite.md", res, probes)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"y_ (95) accepted", "n_ (188) accepted", "i_ (35) accepted", SuiteModule + "@" + SuiteVersion} {
		if !bytes.Contains(report, []byte(want)) {
			t.Errorf("report lacks %q", want)
		}
	}
	for _, c := range res.Codecs {
		if !bytes.Contains(report, []byte("\n## "+c.Name+"\n")) {
			t.Errorf("report has no section for %s", c.Name)
		}
	}
}

func TestJSONTestSuiteErrors(t *testing.T) {
	m := modcache.Module{Path: SuiteModule, Version: SuiteVersion, Sum: "h1:AAAA="}
	if err := checkSum(m); err == nil || !strings.Contains(err.Error(), "want the pinned "+SuiteSum) {
		t.Errorf("checkSum of another hash: %v, want an error naming the pinned hash", err)
	}
	if err := checkSum(modcache.Module{Path: SuiteModule, Version: SuiteVersion, Sum: SuiteSum}); err != nil {
		t.Errorf("checkSum of the pinned hash: %v", err)
	}
	if _, err := JSONTestSuite(t.TempDir()); err == nil || !strings.Contains(err.Error(), "test_parsing holds no .json files") {
		t.Errorf("JSONTestSuite of an empty directory: %v, want an error naming test_parsing", err)
	}
}

func TestShow(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{nil, "null"},
		{[]any{1e21, -0.0, true, "a\xffb\uFFFD"}, `[1e+21,0,true,"a\xffb\ufffd"]`},
		{map[string]any{"b": []any{}, "a": map[string]any{}}, `{"a":{},"b":[]}`},
		{int64(1), "(int64)"},
	}
	for _, tt := range tests {
		if got := show(tt.v); got != tt.want {
			t.Errorf("show(%#v) = %s, want %s", tt.v, got, tt.want)
		}
	}
}
