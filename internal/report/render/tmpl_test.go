package render

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"strings"
	"testing"
)

// TestSection: a section is its template executed on its view, and a view
// that lacks what the template shows fails the page, naming the section.
func TestSection(t *testing.T) {
	tests := []struct {
		name, section string
		view          any
		want, err     string
	}{
		{"worded", "withheld", nil, "Withheld: see the top of the page.", ""},
		{"floor", "floor", floorView{Rows: [][]string{{"decode", "f", "c", "1", "2", "0.5×"}}},
			"| op | fixture | codec | codec (95% CI) | " + rawfmt.Floor + " | codec / floor |\n|---|---|---|--:|--:|--:|\n| decode | f | c | 1 | 2 | 0.5× |\n\n", ""},
		{"wrong view", "floor", methodView{}, "", "section floor: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d doc
			d.section(tt.section, tt.view)
			if got := d.String(); !strings.Contains(got, tt.want) {
				t.Errorf("section %s = %q, want it to hold %q", tt.section, got, tt.want)
			}
			switch {
			case tt.err == "" && d.err != nil:
				t.Errorf("error %v", d.err)
			case tt.err != "" && (d.err == nil || !strings.HasPrefix(d.err.Error(), tt.err)):
				t.Errorf("error %v, want one starting %q", d.err, tt.err)
			}
		})
	}
}
