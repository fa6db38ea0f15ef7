package wire

import (
	"errors"
	"strings"
	"testing"
)

// TestSliceRoundTrip: an answer parses back to what was written.
func TestSliceRoundTrip(t *testing.T) {
	want := SliceResult{Iters: 3, Ns: 300, CPUNs: 290, Bytes: 48, Allocs: 3, GCs: 0, GCNs: 700000, Live: 4 << 20}
	got, err := ParseSlice(want.String())
	if err != nil || got != want {
		t.Errorf("ParseSlice(%q) = %+v, %v; want %+v", want.String(), got, err, want)
	}
	c := Cycle{CPUNs: 4e7, Live: 64 << 20}
	if back, err := ParseCycle(c.String()); err != nil || back != c {
		t.Errorf("ParseCycle(%q) = %+v, %v", c.String(), back, err)
	}
}

// TestParseRefuses: an answer that is not one is an error naming it.
func TestParseRefuses(t *testing.T) {
	for _, line := range []string{"", "1 2 3", "1 2 3 4 5 6 7 8 9", "0 300 290 0 0 0 0 0", "3 0 290 0 0 0 0 0", "3 300 290 x 0 0 0 0", "3 300 290 -1 0 0 0 0"} {
		if _, err := ParseSlice(line); err == nil || !strings.Contains(err.Error(), "slice answer") {
			t.Errorf("ParseSlice(%q) = %v, want an error", line, err)
		}
	}
	if _, err := ParseCycle("1"); err == nil {
		t.Error("ParseCycle of one number succeeded")
	}
}

// TestRequestAndFail: a request is its words; a failure is one line.
func TestRequestAndFail(t *testing.T) {
	if got := Request(Slice, "op=a/fixture=b/codec=c", 100); got != "slice op=a/fixture=b/codec=c 100" {
		t.Errorf("Request = %q", got)
	}
	if got := Fail(errors.New("gate: codec x:\n  differs\tat .a")); got != "error gate: codec x: differs at .a" {
		t.Errorf("Fail = %q", got)
	}
}
