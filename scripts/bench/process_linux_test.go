package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// started is a runner process, or the process that starts one, whose
// stderr (shared with the runner and the benchmark binary) the test reads.
type started struct {
	cmd    *exec.Cmd
	stderr *bufio.Scanner
	text   strings.Builder
}

// start starts the test binary in role over fakes that wait at their gate
// in dir after their first slice, with results in results.
func start(t *testing.T, role, dir, results string) *started {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	t.Cleanup(func() { r.Close() })
	o := tinyRun(results)
	cmd := exec.Command(testBinary(), "-results", results, "-rounds", "2", "-pairs", "2", "-layouts", "2",
		"-codecs", o.sel.Codecs, "-ops", o.sel.Ops, "-fixtures", o.sel.Fixtures)
	cmd.Env = append(os.Environ(), roleEnv+"="+role, fakeEnv+"=gate", dirEnv+"="+dir)
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return &started{cmd: cmd, stderr: bufio.NewScanner(r)}
}

// rest reads stderr to its end: when every process that shares it is gone.
func (s *started) rest() string {
	for s.stderr.Scan() {
		s.text.WriteString(s.stderr.Text() + "\n")
	}
	return s.text.String()
}

// TestRunnerStopsWithParent kills the process that started the runner (go
// run, say) while the benchmark binary waits in a slice: the runner dies
// with it and leaves no result.
func TestRunnerStopsWithParent(t *testing.T) {
	dir, results := t.TempDir(), t.TempDir()
	p := start(t, "parent", dir, results)
	fake := waitFile(t, dir, "waiting.pid")
	p.cmd.Process.Kill()
	p.cmd.Wait()
	gone(t, pid(t, dir, "runner"))
	gone(t, fake) // still held at its gate: only its runner's death can end it
	release(dir)
	p.rest()
	noResults(t, results, true)
}

// TestBinaryDiesWithRunner kills the runner outright: its benchmark
// binary dies with it, and the next run removes the partial file it left.
func TestBinaryDiesWithRunner(t *testing.T) {
	dir, results := t.TempDir(), t.TempDir()
	r := start(t, "runner", dir, results)
	fake := waitFile(t, dir, "waiting.pid")
	r.cmd.Process.Kill()
	r.cmd.Wait()
	gone(t, fake) // still held at its gate: only its runner's death can end it
	release(dir)
	r.rest()
	partials, _ := filepath.Glob(filepath.Join(results, "*", "raw", ".*"))
	if len(partials) != 1 {
		t.Fatalf("the killed runner left %v, want its partial file", partials)
	}
}

// waitFile waits until dir holds name, a pid file, and returns the pid.
// The fakes write it once they start; a deadline here would only make a
// busy machine fail the test, so the wait is for the event.
func waitFile(t *testing.T, dir, name string) int {
	t.Helper()
	for {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(b) > 0 {
			n, err := strconv.Atoi(string(b))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// pid returns the pid the test binary wrote in role.
func pid(t *testing.T, dir, role string) int { return waitFile(t, dir, role+".pid") }

// gone waits until process pid has exited: its pidfd turns readable then.
// Reading /proc instead races with the kernel, which clears a pending
// SIGKILL before the process shows as a zombie. A process that lives on
// hangs the test until go test's timeout, whose dump names the wait.
func gone(t *testing.T, pid int) {
	t.Helper()
	fd, err := unix.PidfdOpen(pid, 0)
	if err == unix.ESRCH {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	for {
		_, err := unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, -1)
		if err != unix.EINTR {
			if err != nil {
				t.Fatal(err)
			}
			return
		}
	}
}
