package main

import (
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

// The server roles, each a child process so that its CPU time is its own:
// role, then the backend's index or the API server's api.Config as JSON. A
// child serves on the listener the parent opened (its fd 3), so that a request
// waits in the backlog until it serves, and shuts down on SIGTERM.
const (
	roleBackend = "serve-backend"
	roleAPI     = "serve-api"
)

func isRole(arg string) bool { return arg == roleBackend || arg == roleAPI }

type child struct { // a server role running in a child process
	role, url string
	cmd       *exec.Cmd
	stderr    bytes.Buffer // read only once wait returned
	wait      func() error // waits for the process once, returning what Wait said
}

// startChild listens on a loopback port and starts this program in role with arg to serve there.
func startChild(ctx context.Context, role, arg string) (*child, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", role, err)
	}
	defer ln.Close() // the child holds its own copy
	f, err := ln.(*net.TCPListener).File()
	exe, err2 := os.Executable()
	if err = cmp.Or(err, err2); err != nil {
		return nil, fmt.Errorf("starting %s: %w", role, err)
	}
	defer f.Close()
	c := &child{role: role, url: "http://" + ln.Addr().String(), cmd: exec.CommandContext(ctx, exe, role, arg)}
	c.wait = sync.OnceValue(c.cmd.Wait)
	c.cmd.SysProcAttr, c.cmd.Stderr, c.cmd.ExtraFiles = runner.ChildAttr(), &c.stderr, []*os.File{f}
	if err := c.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", role, err)
	}
	return c, nil
}

// stop asks the server to shut down and waits until its process is gone; the
// error of one that failed is its last line on stderr.
func (c *child) stop() error {
	c.cmd.Process.Signal(syscall.SIGTERM)
	err := c.wait()
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		text := strings.TrimSpace(c.stderr.String())
		return errors.New(cmp.Or(strings.TrimSpace(text[strings.LastIndexByte(text, '\n')+1:]), fmt.Sprintf("%s: %v", c.role, exit)))
	}
	return err
}

// serve runs a server role until SIGTERM and returns the exit code; a failure
// is one line on stderr.
func serve(role string, args []string, stderr io.Writer) int {
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "%s: %v\n", role, err)
		return code
	}
	if len(args) != 1 {
		return fail(2, errors.New("want what to serve"))
	}
	srv := &http.Server{}
	if role == roleBackend {
		b := backend.New(args[0])
		srv.Handler, srv.ConnState = b.Handler(), b.ConnState
	} else {
		var cfg api.Config
		err := json.Unmarshal([]byte(args[0]), &cfg)
		var a *api.Server
		if err == nil {
			a, err = api.New(cfg)
		}
		if err != nil {
			return fail(2, err)
		}
		srv.Handler = a.Handler()
	}
	ln, err := net.FileListener(os.NewFile(3, "listener"))
	if err != nil {
		return fail(1, err)
	}
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
