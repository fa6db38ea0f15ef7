package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// get5Raw is six rounds of decode-struct by encoding-json and json-v2 and
// of get5 by json-v2 and lazy, on the article's documents and an
// es-hits one, json-v2's codec line in category v2.
func get5Raw(v2 string) string {
	var b strings.Builder
	for _, c := range [][2]string{{rawfmt.Base, "std"}, {rawfmt.V2Base, v2}, {"lazy", "fast"}} {
		b.WriteString(rawfmt.CodecConfig{Name: c[0], ModuleVersion: "example.com/" + c[0] + "@v1", Category: c[1], Engine: "native"}.Format() + "\n")
	}
	ns := map[rawfmt.Cell]float64{}
	for _, f := range []string{load.ArticleSmall, load.ArticleLarge} {
		ns[rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: f, Codec: rawfmt.Base}] = 1000
		ns[rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: f, Codec: rawfmt.V2Base}] = 800
		ns[rawfmt.Cell{Op: rawfmt.OpGet5, Fixture: f, Codec: rawfmt.V2Base}] = 500
		ns[rawfmt.Cell{Op: rawfmt.OpGet5, Fixture: f, Codec: "lazy"}] = 100
	}
	ns[rawfmt.Cell{Op: rawfmt.OpGet5, Fixture: "es-hits-10-full", Codec: "lazy"}] = 100
	for round := range 6 {
		for c, v := range ns {
			fmt.Fprintf(&b, "%s-2 100 %g %s\n", c.Name(), v*(1+0.01*float64(round%3-1)), rawfmt.UnitNs)
		}
	}
	return b.String()
}

// An operation encoding-json does not run is ranked against json-v2 when
// the run records it in category v2, and against nothing otherwise; the
// `_source` section says what the run's es-hits cells lack.
func TestOperationBase(t *testing.T) {
	tests := []struct {
		name, v2  string
		want, not []string
	}{
		{"json-v2 is get5's base", "v2",
			[]string{
				"| `get5` | json-v2 | " + load.ArticleSmall + " | none ran it | — | lazy (fast) | 5.00× [",
				"| document | rank | configuration | ns/op | × json-v2 |", "(encoding-json does not run it)", "| " + load.ArticleSmall + " | 1 | lazy | 100 ns | 0.200× [",
				"[`get5`](ops/get5.md) (json-v2) · ",
				"Its base column is json-v2, the operation's base: encoding-json does not run it.",
			},
			[]string{"No base ran", "× lazy"}},
		{"no base", "fast",
			[]string{
				"| `get5` | none | " + load.ArticleSmall + " | none ran it | — | lazy (fast) | — |", "No base ran get5 on these documents",
				"No base ran it in this run", "| " + load.ArticleSmall + " | — | lazy | 100 ns | — |", "[`get5`](ops/get5.md) (no base ran it) · ",
				"the base column is json-v2, the first configuration, and its ratios rank nothing",
			},
			[]string{"× json-v2", "× lazy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, all := pageFiles(t, Page{Machine: "m", Raw: "raw/r.txt"}, get5Raw(tt.v2))
			all = flat(all)
			for _, w := range append(tt.want, "This run's `es-hits-*` cells are of get5 only: every figure here needs decode-struct") {
				if !strings.Contains(all, flat(w)) {
					t.Errorf("the page lacks %q", w)
				}
			}
			for _, n := range append(tt.not, "This run has no `es-hits-*` cells") {
				if strings.Contains(all, flat(n)) {
					t.Errorf("the page has %q", n)
				}
			}
		})
	}
}
