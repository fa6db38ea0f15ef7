package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestExit: a run ends with one line and the status that says how: 0 and
// nothing when it succeeded, 1 when it failed, 130 when a signal stopped
// it, whatever its error then says.
func TestExit(t *testing.T) {
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		code int
		line string
	}{
		{"success", context.Background(), nil, 0, ""},
		{"success despite a late signal", stopped, nil, 0, ""},
		{"failure", context.Background(), errors.New("boom"), 1, "cmd: boom\n"},
		{"interrupted round", stopped, fmt.Errorf("%w in round 2; nothing written", ErrInterrupted), 130, "cmd: interrupted in round 2; nothing written\n"},
		{"interrupted elsewhere", stopped, context.Canceled, 130, "cmd: interrupted; nothing written\n"},
	}
	for _, tt := range tests {
		var w strings.Builder
		if code := exit(&w, "cmd", tt.ctx, tt.err); code != tt.code || w.String() != tt.line {
			t.Errorf("%s: exit = %d, %q; want %d, %q", tt.name, code, w.String(), tt.code, tt.line)
		}
	}
}

// failAt is a meter that writes a line a round and fails in round n, or
// cancels its context there.
type failAt struct {
	n      int
	cancel context.CancelFunc // nil: fail
}

func (f failAt) Round(ctx context.Context, round int, out io.Writer, p *Progress) error {
	if round == f.n {
		if f.cancel != nil {
			f.cancel()
			return ctx.Err()
		}
		return errors.New("boom")
	}
	fmt.Fprintf(out, "round %d\n", round)
	p.Cell("")
	return nil
}

// TestRounds: rounds run in order until one fails, and the error names the
// round and says what happened.
func TestRounds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tests := []struct {
		name string
		ctx  context.Context
		m    Meter
		out  string
		err  string
	}{
		{"complete", context.Background(), failAt{n: 0}, "round 1\nround 2\nround 3\n", ""},
		{"failed", context.Background(), failAt{n: 2}, "round 1\n", "round 2: boom; nothing written"},
		{"interrupted", ctx, failAt{n: 3, cancel: cancel}, "round 1\nround 2\n", "interrupted in round 3; nothing written"},
	}
	for _, tt := range tests {
		var out strings.Builder
		err := Rounds(tt.ctx, tt.m, 3, 1, &out, io.Discard)
		if got := fmt.Sprint(err); (err != nil || tt.err != "") && got != tt.err {
			t.Errorf("%s: Rounds = %v, want %q", tt.name, err, tt.err)
		}
		if out.String() != tt.out {
			t.Errorf("%s: wrote %q, want %q", tt.name, out.String(), tt.out)
		}
	}
	if err := Rounds(ctx, failAt{n: 1, cancel: cancel}, 1, 1, io.Discard, io.Discard); !errors.Is(err, ErrInterrupted) {
		t.Errorf("an interrupted run's error %v is not ErrInterrupted", err)
	}
}

// TestBuildDirRemovesStale: a runner removes the build directories of
// runners that are gone, and only those.
func TestBuildDirRemovesStale(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := exec.Command(os.Args[0], "-test.run=^$")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	dead := strconv.Itoa(gone.ProcessState.Pid())
	stale := filepath.Join(tmp, buildPrefix+dead+"-1")
	keep := []string{
		filepath.Join(tmp, buildPrefix+strconv.Itoa(os.Getppid())+"-1"), // a live runner
		filepath.Join(tmp, buildPrefix+"12345678"),                      // no pid
		filepath.Join(tmp, "other-"+dead+"-1"),
	}
	for _, d := range append(keep, stale) {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var stderr bytes.Buffer
	dir, err := BuildDir(&stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(filepath.Base(dir), buildPrefix+strconv.Itoa(os.Getpid())+"-") || filepath.Dir(dir) != tmp {
		t.Errorf("build directory %s is not named after the runner's pid in %s", dir, tmp)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale build directory %s kept", stale)
	}
	if !strings.Contains(stderr.String(), "removed "+stale) {
		t.Errorf("stderr %q does not say it removed %s", &stderr, stale)
	}
	for _, k := range keep {
		if _, err := os.Stat(k); err != nil {
			t.Errorf("%s removed", k)
		}
	}
}

// TestWriteRawFile: the raw file goes under the machine's raw directory,
// named by the time and kind, holds what write wrote and is reported.
func TestWriteRawFile(t *testing.T) {
	results := t.TempDir()
	var log strings.Builder
	_, err := WriteRawFile(results, rawfmt.KindInstr, &log, func(w io.Writer, machine string) error {
		_, err := fmt.Fprintln(w, machine)
		return err
	})
	files, _ := filepath.Glob(filepath.Join(results, "*", "raw", "*-instr.txt"))
	if err != nil || len(files) != 1 {
		t.Fatalf("WriteRawFile: %v, files %v", err, files)
	}
	data, _ := os.ReadFile(files[0])
	if want := filepath.Base(filepath.Dir(filepath.Dir(files[0]))) + "\n"; string(data) != want {
		t.Errorf("the raw file holds %q, want the machine id %q", data, want)
	}
	if want := "wrote " + files[0] + "\n"; log.String() != want {
		t.Errorf("WriteRawFile said %q, want %q", log.String(), want)
	}
}
