package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/runner"
)

// A child is a server role running in a child process.
type child struct {
	role   string
	cmd    *exec.Cmd
	url    string
	stderr *tail
	exited chan struct{} // closed when the process is gone and waited for
	err    error         // what Wait said, once exited is closed
}

// startChild starts this program in role with args and waits until the
// server listens, or fails to. The child dies with this process, however
// it dies. A child that cannot start is an error carrying the last line it
// wrote to stderr.
func startChild(ctx context.Context, role string, args ...string) (*child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", role, err)
	}
	c := &child{role: role, stderr: &tail{}, exited: make(chan struct{})}
	c.cmd = exec.Command(exe, append([]string{role}, args...)...)
	c.cmd.SysProcAttr = runner.ChildAttr()
	c.cmd.Stderr = c.stderr
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", role, err)
	}
	if err := c.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", role, err)
	}
	go func() {
		c.err = c.cmd.Wait()
		close(c.exited)
	}()
	stopOnCancel := context.AfterFunc(ctx, func() { c.cmd.Process.Kill() })
	defer stopOnCancel()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if url, ok := strings.CutPrefix(strings.TrimSpace(line), readyPrefix); ok && err == nil {
		c.url = url
		go io.Copy(io.Discard, stdout)
		return c, nil
	}
	c.cmd.Process.Kill()
	<-c.exited
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return nil, errors.New(c.stderr.last(role + " exited before it listened"))
}

// stop asks the server to shut down and waits until its process is gone.
func (c *child) stop() error {
	c.cmd.Process.Signal(syscall.SIGTERM)
	<-c.exited
	var exit *exec.ExitError
	if errors.As(c.err, &exit) {
		return errors.New(c.stderr.last(fmt.Sprintf("%s: %v", c.role, exit)))
	}
	return c.err
}

// tail keeps the last line written to it.
type tail struct {
	mu   sync.Mutex
	buf  []byte
	line string
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	for {
		i := strings.IndexByte(string(t.buf), '\n')
		if i < 0 {
			break
		}
		if l := strings.TrimSpace(string(t.buf[:i])); l != "" {
			t.line = l
		}
		t.buf = t.buf[i+1:]
	}
	return len(p), nil
}

// last returns the last line written, or otherwise when there was none.
func (t *tail) last(otherwise string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if l := strings.TrimSpace(string(t.buf)); l != "" {
		return l
	}
	if t.line != "" {
		return t.line
	}
	return otherwise
}
