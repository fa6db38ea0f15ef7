package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// TestPrices: what each configuration gives up comes from the run's skips
// lines, one short line each on the page and listed in full on
// configurations.md; a run without them says it did not record it.
func TestPrices(t *testing.T) {
	base := rawfmt.CodecConfig{Name: rawfmt.Base, ModuleVersion: "std@go1.26.8", Category: "std", Engine: "native", HasSkips: true}
	fast := rawfmt.CodecConfig{Name: "quick", ModuleVersion: "example.com/quick@v1", Category: "fast", Engine: "native",
		Skips: []string{"HTML escaping", "map key sorting"}, HasSkips: true}
	twin := rawfmt.CodecConfig{Name: "twin", ModuleVersion: "example.com/twin@v1", Category: "std", Engine: "native", HasSkips: true}
	old := func(c rawfmt.CodecConfig) string { return c.Key() + ": " + c.Value() }
	tests := []struct {
		name      string
		lines     []string
		want, not []string
		quick     string // what quick gives up, as a sentence of choose says it
	}{
		{"recorded", []string{base.Format(), fast.Format(), twin.Format()},
			[]string{"- encoding-json (std): nothing (it is the reference)\n", "- quick (fast): 2 differences from encoding-json, [listed](configurations.md#quick)\n",
				"- twin (std): nothing the probes check\n", "## quick\n\nCategory: fast. It gives up:\n\n- HTML escaping\n- map key sorting\n\n",
				"## twin\n\nCategory: std. It gives up nothing the probes check.\n"},
			[]string{"did not record"}, "2 differences from encoding-json, [listed](configurations.md#quick)"},
		{"old run", []string{old(base), old(fast), old(twin)},
			[]string{"This run did not record what each configuration gives up", "- quick (fast)\n", "- twin (std)\n", "## quick\n\nCategory: fast.\n\n## twin"},
			[]string{"HTML escaping", "nothing the probes check"}, "not recorded in this run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			for _, l := range tt.lines {
				fmt.Fprintln(&b, l)
			}
			for _, codec := range []string{rawfmt.Base, "quick", "twin"} {
				fmt.Fprintf(&b, "%s-2 100 100 ns/op\n", rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: load.ArticleSmall, Codec: codec}.Name())
			}
			r := loadtest.Load(t, rawfmt.KindFull, b.String())
			pages := pagesOf(t, Page{A: model.Analyze(r)})
			d := pages["README.md"] + pages["configurations.md"]
			for _, w := range tt.want {
				if !strings.Contains(d, w) {
					t.Errorf("prices do not say %q:\n%s", w, d)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(d, n) {
					t.Errorf("prices say %q:\n%s", n, d)
				}
			}
			if got := priceOf(r, "quick").GivesUp(); got != tt.quick {
				t.Errorf("quick gives up %q, want %q", got, tt.quick)
			}
			if got := priceOf(r, "twin").std(); !got {
				t.Error("twin, category std in the run, is not std")
			}
		})
	}
}
