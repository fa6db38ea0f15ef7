package probes

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

func TestBadInput(t *testing.T) {
	t.Parallel()
	res, err := Run(BadInput(false), codecs.All(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	probes := mustProbeResults(t)
	checkOutcomes(t, res, probes)
	for i, k := range res.Suite.Cases {
		if want := res.Outcomes[Reference][i].Label; k.Name[:len(truncationPrefix)] == truncationPrefix && want != rejects {
			t.Errorf("encoding/json %s %s", want, k.Name)
		}
	}
	report, err := render("badinput.md", res, probes)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(report, []byte("| every truncation of a ")) {
		t.Errorf("report folds no truncations:\n%s", report)
	}
}

// checkOutcomes fails t for an outcome of r that is n/a when its
// configuration can run the case, or not n/a when it cannot, and for every
// outcome no probe difference explains.
func checkOutcomes(t *testing.T, r, probes *Results) {
	t.Helper()
	for _, c := range r.Codecs {
		for i, k := range r.Suite.Cases {
			if got := r.Outcomes[c.Name][i].Label; (got == NA) == k.Needs(c) {
				t.Errorf("%s, %s: %q, but it can run the case: %v", c.Name, k.Name, got, k.Needs(c))
			}
		}
	}
	lines, err := Unexplained(r, probes)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		t.Errorf("unexplained: %s", l)
	}
}

func TestTruncationDoc(t *testing.T) {
	if !json.Valid([]byte(truncationDoc)) {
		t.Fatal("truncationDoc is not valid JSON")
	}
	for i := range len(truncationDoc) {
		if json.Valid([]byte(truncationDoc[:i])) {
			t.Errorf("prefix of %d bytes is valid JSON", i)
		}
	}
}

func TestNestingBuilders(t *testing.T) {
	tests := []struct {
		name string
		doc  []byte
		want int
	}{
		{"nested", nested(5000), 5000},
		{"nested", nested(2), 2},
		{"arrays", arrays(7), 7},
		{"objects", []byte(strings.Repeat(`{"a":`, 7) + "1" + strings.Repeat("}", 7)), 7},
	}
	for _, tt := range tests {
		if !json.Valid(tt.doc) {
			t.Errorf("%s(%d) is not valid JSON", tt.name, tt.want)
		}
		if got := lex(tt.doc).depth; got != tt.want {
			t.Errorf("%s(%d) is nested %d deep", tt.name, tt.want, got)
		}
	}
}
