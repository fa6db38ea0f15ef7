package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValgrindVersion: valgrind is found on PATH or by its path, and a
// missing one is one line that says how to install it.
func TestValgrindVersion(t *testing.T) {
	onPath := t.TempDir()
	if err := os.Symlink(testBinary(t), filepath.Join(onPath, defaultValgrind)); err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeEnv, "ok")
	t.Setenv("PATH", onPath)
	missing := filepath.Join(t.TempDir(), "valgrind")
	tests := []struct{ name, valgrind, want, err string }{
		{"on PATH", defaultValgrind, fakeVersion, ""},
		{"by path", testBinary(t), fakeVersion, ""},
		{"missing", "valgrind-missing", "", "valgrind-missing not found: install valgrind 3 with cachegrind (apt-get install -y valgrind)"},
		{"named, missing", missing, "", missing + " not found: install valgrind"},
		{"not valgrind", "/bin/true", "", "/bin/true --version: unexpected answer"}, // nothing, or many lines
	}
	for _, tt := range tests {
		got, err := valgrindVersion(context.Background(), tt.valgrind)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("%s: valgrindVersion = %q, %v; want %q", tt.name, got, err, tt.want)
		case tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err) || strings.Contains(err.Error(), "\n")):
			t.Errorf("%s: valgrindVersion = %q, %v; want one line starting %q", tt.name, got, err, tt.err)
		}
	}
}

func TestParseSummary(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  string
	}{
		{"desc: I1 cache\ncmd: x\nevents: Ir\nfl=a.go\nfn=main\n3 12\nsummary: 42728624\n", 42728624, ""},
		{"events: Ir\nsummary:   7  \n", 7, ""},
		{"events: Ir\nfn=main\n3 12\n", 0, "no summary line"},
		{"events: Ir\nsummary: 1,234\n", 0, "not an instruction count"},
		{"events: Ir\nsummary: 0\n", 0, "not an instruction count"},
		{"events: Ir\nsummary:\n", 0, "no summary line"},
		{"", 0, "no summary line"},
	}
	for _, tt := range tests {
		got, err := parseSummary(tt.in)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseSummary(%q) = %d, %v; want %d, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}
