package render

import (
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// TestSection: a section is its template executed on its view, tables
// escaped and aligned, and a view that lacks what the template shows fails
// the page, naming the section.
func TestSection(t *testing.T) {
	floor := newFloor(&model.Analysis{Run: &load.Run{Floor: true}, UnderFloor: []model.FloorCell{{
		Cell: rawfmt.Cell{Op: "decode", Fixture: "f", Codec: "c|d"}, Codec: model.Estimate{V: 1}, Floor: model.Estimate{V: 2}, Ratio: model.Estimate{V: 0.5},
	}}})
	tests := []struct {
		name, section string
		view          any
		want, err     string
	}{
		{"worded", "decision", opView{view: &view{}}, "Withheld: see the top of the [page this one belongs to](../README.md).", ""},
		{"table", "harness", &view{FloorCells: floor},
			"| op | fixture | codec | codec (95% CI) | " + rawfmt.Floor + " | codec / floor |\n|---|---|---|--:|--:|--:|\n| decode | f | c\\|d | 1.00 ns | 2.00 ns | 0.500× |\n\n", ""},
		{"wrong view", "harness", struct{}{}, "", "section harness: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := section(tt.section, tt.view)
			if !strings.Contains(string(got), tt.want) {
				t.Errorf("section %s = %q, want it to hold %q", tt.section, got, tt.want)
			}
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("error %v", err)
			case tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)):
				t.Errorf("error %v, want one starting %q", err, tt.err)
			}
		})
	}
}
