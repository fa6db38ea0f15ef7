package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/runner"
)

// A child is a server role running in a child process.
type child struct {
	role   string
	cmd    *exec.Cmd
	url    string
	stderr bytes.Buffer  // read only once exited is closed
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
	c := &child{role: role, exited: make(chan struct{})}
	c.cmd = exec.Command(exe, append([]string{role}, args...)...)
	c.cmd.SysProcAttr = runner.ChildAttr()
	c.cmd.Stderr = &c.stderr
	stdout, err := c.cmd.StdoutPipe()
	if err == nil {
		err = c.cmd.Start()
	}
	if err != nil {
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
	return nil, errors.New(c.last(role + " exited before it listened"))
}

// stop asks the server to shut down and waits until its process is gone.
func (c *child) stop() error {
	c.cmd.Process.Signal(syscall.SIGTERM)
	<-c.exited
	var exit *exec.ExitError
	if errors.As(c.err, &exit) {
		return errors.New(c.last(fmt.Sprintf("%s: %v", c.role, exit)))
	}
	return c.err
}

// last returns the last line the exited child wrote to stderr, or
// otherwise when it wrote none.
func (c *child) last(otherwise string) string {
	text := strings.TrimSpace(c.stderr.String())
	return cmp.Or(strings.TrimSpace(text[strings.LastIndexByte(text, '\n')+1:]), otherwise)
}
