package runinfo

import (
	"bytes"
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"fields-.*", "'fields-.*'"},
		{"goccy", "goccy"},
		{"", "''"},
		{"a b", "'a b'"},
		{"it's", `'it'\''s'`},
		{"10ms", "10ms"},
		{"a|b", "'a|b'"},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b, 2, 3)
	for range 6 {
		p.Cell()
	}
	p.Done()
	out := b.String()
	// Not a terminal: a line at the first cell and at the end of each round.
	for _, want := range []string{"round 1/2  cell 1/3", "round 1/2  cell 3/3", "round 2/2  cell 3/3  elapsed", "2 rounds of 3 cells in"} {
		if !strings.Contains(out, want) {
			t.Errorf("progress lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\r") {
		t.Errorf("progress to a log rewrites lines:\n%q", out)
	}
}
