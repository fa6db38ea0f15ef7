package runner

import (
	"bufio"
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/wire"
)

var cellABC = rawfmt.Cell{Op: "a", Fixture: "b", Codec: "c"}

type errExit2 struct{}

func (errExit2) Error() string { return "exit status 2" }

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
		{"a signal", []string{"GODEBUG sys/cpu: unknown cpu feature \"rdtscp\"\nSIGILL: illegal instruction\nPC=0x4 m=0\n"}, "SIGILL: illegal instruction"},
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

// TestCrashError names the cell and says how the binary died.
func TestCrashError(t *testing.T) {
	tests := []struct{ line, want string }{
		{"panic: boom", "op=a/fixture=b/codec=c panicked: boom"},
		{"fatal error: stack overflow", "op=a/fixture=b/codec=c crashed: fatal error: stack overflow"},
		{"SIGILL: illegal instruction", "op=a/fixture=b/codec=c crashed: SIGILL: illegal instruction"},
		{"", "op=a/fixture=b/codec=c: benchmark binary: exit status 2"},
	}
	for _, tt := range tests {
		err := crashError(cellABC, tt.line, errExit2{})
		if err.Error() != tt.want {
			t.Errorf("crashError(%q) = %q, want %q", tt.line, err, tt.want)
		}
	}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// TestHeap: Heap reads as many answer lines as it asked for cycles, and
// asks nothing for none (an answer of no lines has no end to read to).
func TestHeap(t *testing.T) {
	for _, tt := range []struct {
		cycles  int
		answer  string
		want    []wire.Cycle
		request bool
	}{
		{2, "10 100\n20 200\n30 300\n", []wire.Cycle{{CPUNs: 10, Live: 100}, {CPUNs: 20, Live: 200}}, true},
		{0, "", nil, false},
	} {
		var sent bytes.Buffer
		s := &Server{in: nopCloser{&sent}, out: bufio.NewScanner(strings.NewReader(tt.answer))}
		got, err := s.Heap(1<<20, tt.cycles)
		if err != nil || !slices.Equal(got, tt.want) || (sent.Len() > 0) != tt.request {
			t.Errorf("Heap(%d cycles) = %v, %v, request %q; want %v", tt.cycles, got, err, sent.String(), tt.want)
		}
	}
}

// TestCells: Cells reads the listing to its end line, and refuses a line
// that is not a cell with two numbers, an empty one too, with one line.
func TestCells(t *testing.T) {
	for _, tt := range []struct {
		answer, wantErr string
		want            []Listed
	}{
		{"op=get5/fixture=fields-5/codec=json\t5\t120\nend\n", "", []Listed{{Cell: rawfmt.Cell{Op: "get5", Fixture: "fields-5", Codec: "json"}, Fields: 5, DocBytes: 120}}},
		{"end\n", "", nil},
		{"\nend\n", `listed "", not a cell`, nil},
		{"op=get5/fixture=fields-5/codec=json\t5\nend\n", "not a cell", nil},
		{"op=get5/fixture=fields-5/codec=json\t5\tmany\nend\n", "not a cell", nil},
		{"op=get5/fixture=fields-5/codec=json\t5\t120\t7\nend\n", "not a cell", nil},
	} {
		s := &Server{in: nopCloser{io.Discard}, out: bufio.NewScanner(strings.NewReader(tt.answer))}
		got, err := s.Cells()
		if tt.wantErr == "" && (err != nil || !slices.Equal(got, tt.want)) ||
			tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("Cells on %q = %v, %v; want %v, error %q", tt.answer, got, err, tt.want, tt.wantErr)
		}
	}
}
