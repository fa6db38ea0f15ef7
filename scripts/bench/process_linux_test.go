package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// started is a runner process, or the process that starts one, whose
// stderr (shared with the runner and the benchmark binary) the test reads.
type started struct {
	cmd    *exec.Cmd
	stderr *bufio.Scanner
	text   strings.Builder
}

// start starts the test binary in role over a fake benchmark binary that
// waits at its gate in dir after the first cell, with results in results.
func start(t *testing.T, role, dir, results string) *started {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	t.Cleanup(func() { r.Close() })
	o := tinyRun(results)
	cmd := exec.Command(testBinary(), "-bin", testBinary(), "-results", results, "-rounds", "2", "-benchtime", "1x",
		"-codecs", o.sel.Codecs, "-ops", o.sel.Ops, "-fixtures", o.sel.Fixtures)
	cmd.Env = append(os.Environ(), roleEnv+"="+role, fakeEnv+"=gate", dirEnv+"="+dir)
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return &started{cmd: cmd, stderr: bufio.NewScanner(r)}
}

// until reads stderr up to a line that contains text.
func (s *started) until(t *testing.T, text string) {
	t.Helper()
	for s.stderr.Scan() {
		s.text.WriteString(s.stderr.Text() + "\n")
		if strings.Contains(s.stderr.Text(), text) {
			return
		}
	}
	t.Fatalf("stderr ended before %q:\n%s", text, &s.text)
}

// rest reads stderr to its end: when every process that shares it is gone.
func (s *started) rest() string {
	for s.stderr.Scan() {
		s.text.WriteString(s.stderr.Text() + "\n")
	}
	return s.text.String()
}

// TestRunnerStopsWithParent kills the process that started the runner (go
// run, say) once the first cell is done: the runner dies with it and leaves
// no result, though its benchmark binary would go on.
func TestRunnerStopsWithParent(t *testing.T) {
	dir, results := t.TempDir(), t.TempDir()
	p := start(t, "parent", dir, results)
	p.until(t, "cell 1/")
	p.cmd.Process.Kill()
	p.cmd.Wait()
	if !dying(t, pid(t, dir, "runner")) {
		t.Error("the runner lives on without its parent")
	}
	release(t, dir)
	p.rest()
	noResults(t, results, true)
}

// TestBinaryDiesWithRunner kills the runner outright: its benchmark
// binary dies with it, and the next run removes the partial file it left.
func TestBinaryDiesWithRunner(t *testing.T) {
	dir, results := t.TempDir(), t.TempDir()
	r := start(t, "runner", dir, results)
	r.until(t, "cell 1/")
	r.cmd.Process.Kill()
	r.cmd.Wait()
	if !dying(t, pid(t, dir, "fake")) {
		t.Error("the benchmark binary lives on without its runner")
	}
	release(t, dir)
	r.rest()
	partials, _ := filepath.Glob(filepath.Join(results, "*", "raw", ".*"))
	if len(partials) != 1 {
		t.Fatalf("the killed runner left %v, want its partial file", partials)
	}

	o := tinyRun(results)
	fakeRun(t, "ok", &o)
	var stderr bytes.Buffer
	if err := run(context.Background(), o, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "removed "+partials[0]) {
		t.Errorf("the next run did not say it removed %s:\n%s", partials[0], &stderr)
	}
	readRaw(t, results) // only the new result is left
}

// pid returns the pid the test binary wrote in role.
func pid(t *testing.T, dir, role string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, role+".pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// dying reports whether process pid is gone, a zombie, or about to be one:
// SIGKILL pending. A process whose parent has just been reaped has been
// sent its parent-death signal already, so no waiting is needed.
func dying(t *testing.T, pid int) bool {
	t.Helper()
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if os.IsNotExist(err) {
		return true
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		key, value, _ := strings.Cut(line, ":")
		value = strings.TrimSpace(value)
		switch key {
		case "State":
			if strings.HasPrefix(value, "Z") || strings.HasPrefix(value, "X") {
				return true
			}
		case "SigPnd", "ShdPnd":
			if mask, err := strconv.ParseUint(value, 16, 64); err == nil && mask&(1<<(unix.SIGKILL-1)) != 0 {
				return true
			}
		}
	}
	return false
}
