package jsonvalue

import (
	"strings"
	"testing"
)

// TestDiff compares documents decoded by Decode.
func TestDiff(t *testing.T) {
	tests := []struct {
		got, want string
		digits    int
		diff      string // substring of the error; "" for the same value
	}{
		{`{"a":1,"b":[true,null]}`, `{"b":[true,null],"a":1}`, 0, ""},
		{`1e3`, `1000`, 0, ""},
		{`{"a":1.0004}`, `{"a":1.0001}`, 3, ""},
		{`{"a":1.0004}`, `{"a":1.0001}`, 0, `differs at ["a"]`},
		{`{"a":[1,2]}`, `{"a":[1,3]}`, 0, `differs at ["a"][1]`},
		{`{"a":1}`, `{"a":1,"b":2}`, 0, `["b"]: got (missing)`},
		{`{"a":1,"b":2}`, `{"a":1}`, 0, `want (missing)`},
		{`{"b":1,"c":2}`, `{"a":1,"c":3}`, 0, `differs at ["a"]: got (missing)`},
		{`"x"`, `"y"`, 0, "differs at the root"},
		{`1 2`, `1`, 0, "trailing data"},
		{`{`, `1`, 0, "unexpected EOF"},
	}
	for _, tt := range tests {
		g, err := Decode([]byte(tt.got))
		if err == nil {
			w, _ := Decode([]byte(tt.want))
			err = Diff(g, w, tt.digits)
		}
		switch {
		case tt.diff == "" && err != nil:
			t.Errorf("Diff(%s, %s) within %d digits = %v, want nil", tt.got, tt.want, tt.digits, err)
		case tt.diff != "" && (err == nil || !strings.Contains(err.Error(), tt.diff)):
			t.Errorf("Diff(%s, %s) within %d digits = %v, want an error containing %q", tt.got, tt.want, tt.digits, err, tt.diff)
		}
	}
}

func TestScalars(t *testing.T) {
	tests := []struct {
		doc  string
		want int
		err  bool
	}{
		{`{}`, 0, false},
		{`{"a":1,"b":null}`, 2, false},
		{`{"a":[1,"x",true],"b":{"c":{"d":1.5}}}`, 4, false},
		{`[[],{},[null]]`, 1, false},
		{`"s"`, 1, false},
		{`{"a":`, 0, true},
	}
	for _, tt := range tests {
		n, err := Scalars([]byte(tt.doc))
		if n != tt.want || (err != nil) != tt.err {
			t.Errorf("Scalars(%s) = %d, %v; want %d, error %t", tt.doc, n, err, tt.want, tt.err)
		}
	}
}
