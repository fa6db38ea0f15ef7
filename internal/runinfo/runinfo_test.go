package runinfo

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
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
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	self, _ := debug.ReadBuildInfo()
	t.Setenv("GOGC", "200")
	t.Setenv("GOMEMLIMIT", "")
	h := Header{
		Command: "go run ./scripts/x", Machine: "linux-amd64-x", Binary: exe, CPU: "X CPU",
		Env:    []string{"GOMAXPROCS=1", "GODEBUG=x=1"},
		Mode:   []benchfmt.Config{Line(rawfmt.KeyRounds, "3")},
		Codecs: []*codecs.Codec{{Name: "fast-one", Category: codecs.Fast, Skips: []string{"HTML escaping", "map key sorting"}}, {Name: "plain", Category: codecs.Std}},
		Probe:  []benchfmt.Config{Line(rawfmt.KeyRace, "false")},
	}
	var b bytes.Buffer
	if err := WriteHeader(&b, h); err != nil {
		t.Fatal(err)
	}
	want := []string{
		rawfmt.KeyCommit + ": ",
		rawfmt.KeyCommand + ": go run ./scripts/x",
		rawfmt.KeyMachine + ": linux-amd64-x",
		rawfmt.KeyGo + ": " + runtime.Version(), // the binary at exe was built by the toolchain that runs
		rawfmt.KeyCPU + ": X CPU",
		rawfmt.KeyCores + ": ",
		rawfmt.KeyGOMAXPROCS + ": 1",
		rawfmt.KeyGOGC + ": 200",
		rawfmt.KeyGOMEMLIMIT + ": off",
		rawfmt.KeyGOEXPERIMENT + ": " + setting(self, "GOEXPERIMENT"),
		rawfmt.KeyRounds + ": 3",
		"codec-fast-one: std@" + runtime.Version() + " fast native",
		"skips-fast-one: HTML escaping; map key sorting",
		"codec-plain: std@" + runtime.Version() + " std native",
		"skips-plain: none",
		rawfmt.KeyRace + ": false",
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if !strings.HasPrefix(l, rawfmt.KeyGOAMD64+":") { // only on amd64
			got = append(got, l)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("header:\n%s\nwant %d lines like:\n%s", b.String(), len(want), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d = %q, want it to start %q", i+1, got[i], want[i])
		}
	}

	h.Binary = exe + ".missing"
	if err := WriteHeader(&b, h); err == nil || !strings.Contains(err.Error(), h.Binary) {
		t.Errorf("WriteHeader of a missing binary = %v, want an error naming it", err)
	}
}

func TestSetting(t *testing.T) {
	bi := &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "GOARCH", Value: "amd64"}, {Key: "GOEXPERIMENT", Value: "nojsonv2"}}}
	if got := setting(bi, "GOEXPERIMENT"); got != "nojsonv2" {
		t.Errorf("setting(GOEXPERIMENT) = %q, want nojsonv2", got)
	}
	if got := setting(bi, "GOAMD64"); got != "" {
		t.Errorf("setting(GOAMD64) = %q, want none", got)
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

// TestHeaderCPU checks that a header names the CPU once: the one given, the
// benchmark binary's own, or else this machine's.
func TestHeaderCPU(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	probe := []benchfmt.Config{Line(rawfmt.KeyCPU, "Probe CPU")}
	tests := []struct {
		name  string
		h     Header
		wants []string // the cpu lines, in order
	}{
		{"given", Header{CPU: "X CPU"}, []string{"X CPU"}},
		{"printed by the binary", Header{Probe: probe}, []string{"Probe CPU"}},
		{"neither", Header{}, []string{CPU()}},
	}
	for _, tt := range tests {
		tt.h.Binary = exe
		cfg, err := tt.h.Config()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range cfg {
			if c.Key == rawfmt.KeyCPU {
				got = append(got, string(c.Value))
			}
		}
		if tt.wants[0] == "" {
			tt.wants = nil // a machine whose kernel names no CPU
		}
		if !slices.Equal(got, tt.wants) {
			t.Errorf("%s: cpu lines %q, want %q", tt.name, got, tt.wants)
		}
	}
}
