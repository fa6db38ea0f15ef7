package runner

import (
	"context"
	"slices"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestPattern: a cell's pattern is anchored at every level of its name, so
// that it matches that cell and no other, however its names are spelled.
func TestPattern(t *testing.T) {
	tests := []struct {
		cell rawfmt.Cell
		want string
	}{
		{rawfmt.Cell{Op: "decode-map", Fixture: "fields-0005", Codec: "sonic-std"},
			`^BenchmarkCodec$/^op=decode-map$/^fixture=fields-0005$/^codec=sonic-std$`},
		{rawfmt.NoopCell, `^BenchmarkCodec$/^op=noop$/^fixture=fields-0001$/^codec=noop$`},
		{rawfmt.Cell{Op: "get5", Fixture: "a.b", Codec: "c+d"},
			`^BenchmarkCodec$/^op=get5$/^fixture=a\.b$/^codec=c\+d$`},
	}
	for _, tt := range tests {
		if got := Pattern(tt.cell); got != tt.want {
			t.Errorf("Pattern(%v) = %s, want %s", tt.cell, got, tt.want)
		}
	}
}

// TestConfigLine: the lines a round keeps as configuration are go test's
// and the harness's key: value lines, not results, logs or verdicts.
func TestConfigLine(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"goos: linux", true},
		{"cpu: AMD EPYC 7B13", true},
		{"sonic-engine: jit", true},
		{"race:", true},
		{"BenchmarkCodec/op=noop/fixture=noop/codec=noop-2 \t1\t100 ns/op", false},
		{"    bench_test.go:1: gate: wrong", false},
		{"--- FAIL: BenchmarkCodec", false},
		{"PASS", false},
		{"Key: value", false},
		{"a key: value", false},
	}
	for _, tt := range tests {
		if got := configLine.MatchString(tt.line); got != tt.want {
			t.Errorf("configLine matches %q = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestCommand: a binary runs itself or under the program Under names, with
// the benchmark flags, then its own, then the run's.
func TestCommand(t *testing.T) {
	bench := BenchArgs("^B$", "5x", 1)
	tests := []struct {
		b    Binary
		want []string
	}{
		{Binary{Path: "/b/x.test", Args: []string{"-sel"}}, slices.Concat([]string{"/b/x.test"}, bench, []string{"-sel", "-v"})},
		{Binary{Path: "/b/x.test", Under: []string{"/v/valgrind", "--tool=cachegrind"}},
			slices.Concat([]string{"/v/valgrind", "--tool=cachegrind", "/b/x.test"}, bench, []string{"-v"})},
	}
	for _, tt := range tests {
		cmd := tt.b.Command(context.Background(), "^B$", "5x", 1, "-v")
		if cmd.Path != tt.want[0] || !slices.Equal(cmd.Args, tt.want) {
			t.Errorf("Command of %+v runs %s %q, want %q", tt.b, cmd.Path, cmd.Args, tt.want)
		}
	}
}
