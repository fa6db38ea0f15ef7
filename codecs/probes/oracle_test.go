package probes

import (
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// TestUnexplained holds made-up outcomes to made-up probe differences:
// codec "c" differs from encoding/json on the depth 10001 probe only.
func TestUnexplained(t *testing.T) {
	ref := &codecs.Codec{Name: Reference, Category: codecs.Std, Ops: codecs.FullOps}
	c := &codecs.Codec{Name: "c", Category: codecs.NearStd, Ops: codecs.FullOps}
	probes := &Results{Suite: Probes(), Codecs: []*codecs.Codec{ref, c}, Outcomes: map[string][]Outcome{}}
	for _, p := range AllProbes {
		label := "std"
		probes.Outcomes[ref.Name] = append(probes.Outcomes[ref.Name], Outcome{Label: label})
		if p.Name == "depth 10001" {
			label = accepts
		}
		probes.Outcomes[c.Name] = append(probes.Outcomes[c.Name], Outcome{Label: label})
	}
	deep, utf8 := string(arrays(10001)), "[\"\xff\"]"
	tests := []struct {
		doc      string
		ref, got string
		want     string // the start of the line; "" when explained
	}{
		{deep, rejects, Crash, ""},
		{deep, rejects, Timeout, ""},
		{deep, rejects, accepts, ""},
		{deep, Crash, Crash, Reference + ", case: crash"},
		{utf8, accepts, rejects, "c, case: rejects, encoding/json accepts"},
		{utf8, accepts + " x", accepts + " y", "c, case: accepts y"},
		{`[1]`, accepts, Crash, "c, case: crash"},
		{`[1]`, accepts, accepts, ""},
		{`[1]`, accepts, NA, ""},
	}
	for _, tt := range tests {
		doc := []byte(tt.doc)
		r := &Results{
			Suite:    &Suite{Name: "s", Cases: []Case{{Name: "case", Needs: decodesAny, Doc: func() []byte { return doc }}}},
			Codecs:   []*codecs.Codec{ref, c},
			Outcomes: map[string][]Outcome{ref.Name: {{Label: tt.ref}}, c.Name: {{Label: tt.got}}},
		}
		lines, err := Unexplained(r, probes)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(lines, "\n")
		if (tt.want == "") != (got == "") || !strings.HasPrefix(got, tt.want) {
			t.Errorf("%.12q: encoding/json %s, c %s: Unexplained = %q, want %q", tt.doc, tt.ref, tt.got, got, tt.want)
		}
	}
}
