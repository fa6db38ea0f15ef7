package runinfo

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/gittest"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
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

func TestWriteHeader(t *testing.T) {
	t.Setenv("GOGC", "200")
	t.Setenv("GOMEMLIMIT", "")
	h := Header{
		Command: "go run ./scripts/x", Machine: "linux-amd64-x",
		Env:  []string{"GOMAXPROCS=1", "GODEBUG=x=1"},
		Mode: []benchfmt.Config{Line(rawfmt.KeyRounds, "3")},
		Self: []string{"go: go1.99.1", "goexperiment:", "codec-plain: std@go1.99.1 std native", "skips-plain: none", "not a line"},
	}
	var b bytes.Buffer
	if err := WriteHeader(&b, h); err != nil {
		t.Fatal(err)
	}
	want := []string{
		rawfmt.KeyCommit + ": ",
		rawfmt.KeyCommand + ": go run ./scripts/x",
		rawfmt.KeyMachine + ": linux-amd64-x",
	}
	if cpu := CPU(); cpu != "" { // this machine's, with its generation
		want = append(want, rawfmt.KeyCPU+": "+cpu)
	}
	if Generation() != (rawfmt.Generation{}) {
		want = append(want, rawfmt.KeyGeneration+": ")
	}
	want = append(want,
		rawfmt.KeyCores+": ",
		rawfmt.KeyGOMAXPROCS+": 1",
		rawfmt.KeyGOGC+": 200",
		rawfmt.KeyGOMEMLIMIT+": off",
		rawfmt.KeyGODEBUG+": x=1",
		rawfmt.KeyRounds+": 3",
		rawfmt.KeyGo+": go1.99.1", // what the measuring binary said, not this process's Go
		rawfmt.KeyGOEXPERIMENT+": ",
		"codec-plain: std@go1.99.1 std native",
		"skips-plain: none",
	)
	got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("header:\n%s\nwant %d lines like:\n%s", b.String(), len(want), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d = %q, want it to start %q", i+1, got[i], want[i])
		}
	}
}

// TestCommit checks the commit a run records: dirty for changes outside
// results/, and the one read first even when the tree changes after.
func TestCommit(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := readCommit(dir); got != "unknown" {
		t.Errorf("outside a checkout: %q, want unknown", got)
	}
	write("main.go")
	head := gittest.Commit(t, dir)
	first := onceCommit(dir)
	if got := first(); got != head {
		t.Errorf("a clean tree: %q, want %q", got, head)
	}
	write("results/m/raw/x.txt")
	if got := readCommit(dir); got != head {
		t.Errorf("a new result: %q, want %q", got, head)
	}
	write("main.go.new")
	if got := readCommit(dir); got != head+"-dirty" {
		t.Errorf("a change outside results/: %q, want %q", got, head+"-dirty")
	}
	if got := first(); got != head {
		t.Errorf("after the tree changed, the first commit read is %q, want %q", got, head)
	}
}

// TestHeaderCPU checks that a header names this machine's CPU once, with
// its generation.
func TestHeaderCPU(t *testing.T) {
	var got []string
	gen := false
	for _, c := range (Header{}).Config() {
		switch c.Key {
		case rawfmt.KeyCPU:
			got = append(got, string(c.Value))
		case rawfmt.KeyGeneration:
			gen = true
		}
	}
	want := []string{CPU()}
	if want[0] == "" {
		want = nil // a machine whose kernel names no CPU
	}
	if !slices.Equal(got, want) {
		t.Errorf("cpu lines %q, want %q", got, want)
	}
	if want := Generation() != (rawfmt.Generation{}); gen != want {
		t.Errorf("a %s line: %t, want %t", rawfmt.KeyGeneration, gen, want)
	}
}

// TestGeneration reads the family, model and stepping of /proc/cpuinfo.
func TestGeneration(t *testing.T) {
	tests := []struct {
		cpuinfo string
		want    rawfmt.Generation
	}{
		{"processor\t: 0\ncpu family\t: 26\nmodel\t\t: 2\nmodel name\t: AMD EPYC\nstepping\t: 1\n", rawfmt.Generation{Family: "26", Model: "2", Stepping: "1"}},
		{"processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd49\n", rawfmt.Generation{}},
	}
	for _, tt := range tests {
		if got := generation([]byte(tt.cpuinfo)); got != tt.want {
			t.Errorf("generation(%q) = %v, want %v", tt.cpuinfo, got, tt.want)
		}
	}
}
