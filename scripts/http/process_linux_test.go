package main

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// startedEnv holds the pid of the test that an API server started by the
// command signals (SIGUSR1) as it starts.
const startedEnv = "JSONCOST_HTTP_TEST_STARTED"

func init() {
	if pid, err := strconv.Atoi(os.Getenv(startedEnv)); err == nil && len(os.Args) > 1 && os.Args[1] == roleAPI {
		syscall.Kill(pid, syscall.SIGUSR1)
	}
}

// startCommand starts the command with a long run in a process group of
// its own and returns it once it has started an API server, with a
// function that waits for it to exit and returns what it wrote to stderr.
func startCommand(t *testing.T, mark string) (*exec.Cmd, func() string) {
	t.Helper()
	started := make(chan os.Signal, 1)
	signal.Notify(started, syscall.SIGUSR1)
	defer signal.Stop(started)
	cmd := exec.Command(os.Args[0], "-results", t.TempDir(), "-rounds", "1", "-workers", "1", "-rate", "50",
		"-duration", "5m", "-warmup", "5m")
	cmd.Env = append(os.Environ(), roleEnv+"=command", markEnv+"="+mark, startedEnv+"="+strconv.Itoa(os.Getpid()))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	select {
	case <-started:
	case <-exited:
		t.Fatalf("the command stopped before it started an API server: %q", stderr.String())
	}
	return cmd, func() string {
		<-exited
		return stderr.String()
	}
}

// marked returns the processes whose environment holds mark.
func marked(t *testing.T, mark string) []int {
	t.Helper()
	procs, err := filepath.Glob("/proc/[0-9]*/environ")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, p := range procs {
		env, err := os.ReadFile(p)
		if err == nil && bytes.Contains(env, []byte(markEnv+"="+mark+"\x00")) {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
			pids = append(pids, pid)
		}
	}
	return pids
}

// waitGone waits until process pid has exited.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return // already gone
	}
	defer unix.Close(fd)
	for {
		_, err := unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, -1)
		if err != unix.EINTR {
			return
		}
	}
}

// TestKilled checks that the servers die with the command when it is
// killed outright: they get SIGKILL from the kernel (Pdeathsig).
func TestKilled(t *testing.T) {
	mark := strconv.Itoa(os.Getpid()) + "-killed"
	cmd, wait := startCommand(t, mark)
	servers := marked(t, mark)
	if len(servers) < 3 { // the command, the backend, an API server
		t.Errorf("found %d processes of the run, want at least 3", len(servers))
	}
	cmd.Process.Kill()
	wait()
	for _, pid := range marked(t, mark) {
		waitGone(t, pid) // blocks for good, and so fails the test by its timeout, if a server outlives the command
	}
}

// TestInterrupt checks Ctrl-C: SIGINT to the whole process group stops the
// command, which stops its servers before it exits, says so on one line,
// exits 130 and writes nothing.
func TestInterrupt(t *testing.T) {
	mark := strconv.Itoa(os.Getpid()) + "-interrupt"
	cmd, wait := startCommand(t, mark)
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	stderr := wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.HasSuffix(stderr, "http: interrupted in round 1; nothing written\n") {
		t.Errorf("exit code %d, stderr %q; want 130 and one line saying it was interrupted", code, stderr)
	}
	if left := marked(t, mark); len(left) > 0 {
		t.Errorf("processes %v outlived the command", left)
	}
	results := cmd.Args[slices.Index(cmd.Args, "-results")+1]
	if entries, _ := os.ReadDir(results); len(entries) != 0 {
		t.Errorf("an interrupted run wrote %v", entries)
	}
}
