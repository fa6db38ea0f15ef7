package runinfo

import "testing"

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
