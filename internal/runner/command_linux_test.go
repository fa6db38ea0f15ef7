package runner

import (
	"bufio"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCommand: a child started by Command leads a process group of its
// own, which a SIGINT to the runner's group does not reach, and cancelling
// its context kills the whole group, the child's own children too (as a go
// command's compilers): the pipe they hold closes.
func TestCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := Command(ctx, "sh", "-c", "sleep 1000 & echo $!; wait")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stdout)
	line, err := r.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	grandchild, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatal(err)
	}
	child := cmd.Process.Pid
	for _, pid := range []int{child, grandchild} {
		if pgid, err := unix.Getpgid(pid); err != nil || pgid != child || pgid == unix.Getpgrp() {
			unix.Kill(child, unix.SIGKILL)
			unix.Kill(grandchild, unix.SIGKILL)
			t.Fatalf("process %d is in group %d (%v); want the child's own, %d, not the runner's, %d", pid, pgid, err, child, unix.Getpgrp())
		}
	}
	cancel()
	if _, err := io.ReadAll(r); err != nil { // it ends once the sleep holding the pipe is dead
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil {
		t.Error("a cancelled child exited 0")
	}
}
