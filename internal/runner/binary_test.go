package runner

import (
	"context"
	"slices"
	"strings"
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
	bench := []string{"-test.run", "^$", "-test.bench", "^B$", "-test.benchmem", "-test.count", "1", "-test.benchtime", "5x", "-test.timeout", "0"}
	tests := []struct {
		b    Binary
		want []string
	}{
		{Binary{Path: "/b/x.test", Args: []string{"-sel"}}, slices.Concat([]string{"/b/x.test"}, bench, []string{"-sel", "-v"})},
		{Binary{Path: "/b/x.test", Under: []string{"/v/valgrind", "--tool=cachegrind"}},
			slices.Concat([]string{"/v/valgrind", "--tool=cachegrind", "/b/x.test"}, bench, []string{"-v"})},
	}
	for _, tt := range tests {
		cmd := tt.b.command(context.Background(), "^B$", "5x", 1, "-v")
		if cmd.Path != tt.want[0] || !slices.Equal(cmd.Args, tt.want) {
			t.Errorf("Command of %+v runs %s %q, want %q", tt.b, cmd.Path, cmd.Args, tt.want)
		}
	}
}

// TestCrashWatch feeds stderr to a crashWatch in pieces, as a pipe may
// deliver it, and checks the line it keeps and that it passes everything on.
func TestCrashWatch(t *testing.T) {
	long := "panic: " + strings.Repeat("x", 2*maxCrashLine)
	tests := []struct {
		name   string
		chunks []string
		want   string
	}{
		{"panic split across writes", []string{"pan", "ic: boom\n\tmore\n\ngoroutine 1 [running]:\n"}, "panic: boom"},
		{"fatal error after runtime lines", []string{"runtime: goroutine stack exceeds 1048576-byte limit\nruntime: sp=0x1\nfatal error: stack overflow\n\nruntime stack:\n"}, "fatal error: stack overflow"},
		{"the first of two", []string{"panic: first\n", "fatal error: second\n"}, "panic: first"},
		{"a log line that mentions a panic", []string{"gate.go:1: no panic: here\n"}, ""},
		{"long line kept in part", []string{long[:100], long[100:] + "\n"}, long[:maxCrashLine]},
	}
	for _, tt := range tests {
		var out strings.Builder
		c := &crashWatch{w: &out}
		for _, chunk := range tt.chunks {
			if n, err := c.Write([]byte(chunk)); n != len(chunk) || err != nil {
				t.Fatalf("%s: Write = %d, %v", tt.name, n, err)
			}
		}
		if c.first != tt.want {
			t.Errorf("%s: kept %q, want %q", tt.name, c.first, tt.want)
		}
		if want := strings.Join(tt.chunks, ""); out.String() != want {
			t.Errorf("%s: passed on %q, want %q", tt.name, out.String(), want)
		}
	}
}

// TestReportProbe: a report's configuration lines read as benchfmt reads
// them ahead of a result: a key without a value is dropped.
func TestReportProbe(t *testing.T) {
	var got []string
	for _, c := range Probe([]string{"goos: linux", "cpu:  Fake CPU @ 1.00GHz", "race:", "pkg: a"}) {
		got = append(got, c.Key+"="+string(c.Value))
	}
	if want := []string{"goos=linux", "cpu=Fake CPU @ 1.00GHz", "pkg=a"}; !slices.Equal(got, want) {
		t.Errorf("Probe = %q, want %q", got, want)
	}
}
