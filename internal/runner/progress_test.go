package runner

import (
	"bytes"
	"strings"
	"testing"
)

// TestProgress: to a log, progress is a line at the first cell and at the
// end of each round, with the round only when there are rounds and the
// cell's name when it has one, no time left until a second cell is done, and
// never rewrites a line.
func TestProgress(t *testing.T) {
	tests := []struct {
		rounds, cells int
		name          string
		want          []string
		not           []string
	}{
		{2, 3, "", []string{"round 1/2  cell 1/3  elapsed 0s  eta …\n", "round 1/2  cell 3/3", "round 2/2  cell 3/3  elapsed", "2 rounds of 3 cells in"}, []string{"()"}},
		{1, 3, "goccy", []string{"\ncell 3/3  elapsed ", "  (goccy)\n", "\n3 cells in "}, []string{"round", "rounds of"}},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		p := NewProgress(&b, tt.rounds, tt.cells)
		for range tt.rounds * tt.cells {
			p.Cell(tt.name)
		}
		p.Done()
		out := b.String()
		for _, want := range tt.want {
			if !strings.Contains(out, want) {
				t.Errorf("progress lacks %q:\n%s", want, out)
			}
		}
		for _, not := range append(tt.not, "\r") {
			if strings.Contains(out, not) {
				t.Errorf("progress holds %q:\n%q", not, out)
			}
		}
	}
}
