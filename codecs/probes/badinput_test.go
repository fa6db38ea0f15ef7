package probes

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

func TestBadInput(t *testing.T) {
	res, err := Run(BadInput(false), registered, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Reference(res.Codecs)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range res.Suite.Cases {
		want := res.Outcomes[ref.Name][i].Label
		if strings.HasPrefix(k.Name, truncationPrefix) && want != rejects {
			t.Errorf("encoding/json %s %s", want, k.Name)
		}
		for _, c := range res.Codecs {
			if c.Category == codecs.Std && res.Outcomes[c.Name][i].Label != want {
				t.Errorf("%s is std but %s %s, encoding/json %s", c.Name, res.Outcomes[c.Name][i].Label, k.Name, want)
			}
		}
	}
	report, err := BadInputReport(res)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(report, []byte("| every truncation of a ")) {
		t.Errorf("report folds no truncations:\n%s", report)
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
		{"objects", objects(7), 7},
	}
	for _, tt := range tests {
		if !json.Valid(tt.doc) {
			t.Errorf("%s(%d) is not valid JSON", tt.name, tt.want)
		}
		if got := nestingDepth(tt.doc); got != tt.want {
			t.Errorf("%s(%d) is nested %d deep", tt.name, tt.want, got)
		}
	}
}
