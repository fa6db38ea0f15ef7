package runner

import "testing"

// TestCheckBenchtime: a benchtime is a positive duration or a positive
// whole iteration count; anything else is refused before a binary runs.
func TestCheckBenchtime(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"40ms", true}, {"1s", true}, {"100x", true}, {"1x", true},
		{"0s", false}, {"-1s", false}, {"0x", false}, {"-3x", false},
		{"1.5x", false}, {"x", false}, {"fast", false}, {"", false},
	}
	for _, tt := range tests {
		if err := CheckBenchtime(tt.in); (err == nil) != tt.ok {
			t.Errorf("CheckBenchtime(%q) = %v, want ok %v", tt.in, err, tt.ok)
		}
	}
}
