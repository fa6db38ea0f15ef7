package cpuprofile

import "testing"

// TestOlder: a candidate is of an older folder of a machine's CPU model
// when its folder's id is the machine's without the generation and its
// header records none.
func TestOlder(t *testing.T) {
	const machine = "linux-amd64-amd-epyc-f26m2s1"
	for _, tt := range []struct {
		c    Candidate
		want bool
	}{
		{Candidate{Machine: "linux-amd64-amd-epyc"}, true},
		{Candidate{Machine: "linux-amd64-amd-epyc", Gen: true}, false},
		{Candidate{Machine: machine}, false},
		{Candidate{Machine: "linux-amd64-intel-xeon-processor"}, false},
		{Candidate{Machine: "linux-amd64-amd"}, true},
		{Candidate{Machine: "linux-amd64-amd-ep"}, false},
	} {
		if got := tt.c.Older(machine); got != tt.want {
			t.Errorf("%+v.Older(%s) = %v, want %v", tt.c, machine, got, tt.want)
		}
	}
}
