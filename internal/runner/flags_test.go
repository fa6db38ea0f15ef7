package runner

import (
	"fmt"
	"io"
	"testing"
)

// TestFlags: the first bad value is the error, named by its flag or by its
// make variable, whose empty value keeps the default.
func TestFlags(t *testing.T) {
	tests := []struct {
		args []string
		vars map[string]string
		want string
	}{
		{[]string{"-n", "0", "-m", "x"}, nil, `-n "0": want a positive whole number`},
		{[]string{"-m", "1.5"}, map[string]string{"m": "M"}, `M=1.5: want a positive whole number`},
		{[]string{"-n", "", "-m", "3"}, map[string]string{"n": "N"}, ``},
		{[]string{"-n", "2", "extra"}, nil, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		n, m := 7, 7
		f := NewFlags("x")
		f.Vars = tt.vars
		f.Count("n", "", &n)
		f.Count("m", "", &m)
		err := f.Parse(tt.args, io.Discard)
		if got := fmt.Sprint(err); (err != nil || tt.want != "") && got != tt.want {
			t.Errorf("Parse(%q) = %v, want %s", tt.args, err, tt.want)
		}
		if err == nil && (n != 7 || m != 3 || !f.Given("m")) {
			t.Errorf("Parse(%q): n %d, m %d, m given %t", tt.args, n, m, f.Given("m"))
		}
	}
}
