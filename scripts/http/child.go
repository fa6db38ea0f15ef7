package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/httpbench/api"
	"github.com/jsoncost/jsoncost/internal/httpbench/backend"
	"github.com/jsoncost/jsoncost/internal/runner"
)

type child struct { // a server role running in a child process
	role   string
	cmd    *exec.Cmd
	url    string
	stderr bytes.Buffer // read only once wait returned
	wait   func() error // waits for the process once, returning what Wait said
}

// startChild starts this program in role with args and waits until the server
// listens; the error of one that cannot is its last line on stderr.
func startChild(ctx context.Context, role string, args ...string) (*child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", role, err)
	}
	c := &child{role: role, cmd: exec.Command(exe, append([]string{role}, args...)...)}
	c.wait = sync.OnceValue(c.cmd.Wait)
	c.cmd.SysProcAttr = runner.ChildAttr()
	c.cmd.Stderr = &c.stderr
	stdout, err := c.cmd.StdoutPipe()
	if err == nil {
		err = c.cmd.Start()
	}
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", role, err)
	}
	stopOnCancel := context.AfterFunc(ctx, func() { c.cmd.Process.Kill() })
	defer stopOnCancel()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if url, ok := strings.CutPrefix(strings.TrimSpace(line), readyPrefix); ok && err == nil {
		c.url = url
		go io.Copy(io.Discard, stdout)
		return c, nil
	}
	c.cmd.Process.Kill()
	c.wait()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return nil, errors.New(c.last(role + " exited before it listened"))
}

// stop asks the server to shut down and waits until its process is gone.
func (c *child) stop() error {
	c.cmd.Process.Signal(syscall.SIGTERM)
	err := c.wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return errors.New(c.last(fmt.Sprintf("%s: %v", c.role, exit)))
	}
	return err
}

// last returns the exited child's last line on stderr, or otherwise.
func (c *child) last(otherwise string) string {
	text := strings.TrimSpace(c.stderr.String())
	return cmp.Or(strings.TrimSpace(text[strings.LastIndexByte(text, '\n')+1:]), otherwise)
}

// The server roles, each a child process so that its CPU time is its own: role,
// listen address, then the backend's index or the API server's api.Config as
// JSON. A child prints readyPrefix and its URL once it listens, and shuts down
// on SIGTERM.
const (
	roleBackend = "serve-backend"
	roleAPI     = "serve-api"
	readyPrefix = "listening "
)

func isRole(arg string) bool { return arg == roleBackend || arg == roleAPI }

// serve runs a server role until SIGTERM and returns the exit code; a failure
// is one line on stderr.
func serve(role string, args []string, stdout, stderr io.Writer) int {
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "%s: %v\n", role, err)
		return code
	}
	if len(args) != 2 {
		return fail(2, errors.New("want a listen address and what to serve"))
	}
	srv := &http.Server{}
	if role == roleBackend {
		b := backend.New(args[1])
		srv.Handler, srv.ConnState = b.Handler(), b.ConnState
	} else {
		var cfg api.Config
		if err := json.Unmarshal([]byte(args[1]), &cfg); err != nil {
			return fail(2, err)
		}
		a, err := api.New(cfg)
		if err != nil {
			return fail(2, err)
		}
		srv.Handler = a.Handler()
	}
	ln, err := net.Listen("tcp", args[0])
	if err != nil {
		return fail(1, err)
	}
	fmt.Fprintf(stdout, "%shttp://%s\n", readyPrefix, ln.Addr())
	// The parent stops a server once its load is over: no request is left, and
	// a connection opened but never used would hold Shutdown for seconds.
	go func() {
		<-term
		srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return fail(1, err)
	}
	return 0
}
