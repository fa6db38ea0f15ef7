package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/httpbench/api"
	"github.com/jsoncost/jsoncost/internal/httpbench/backend"
)

// The server roles the command plays in a child process of its own, so
// that each server's CPU time is its process's alone. The first argument
// names the role, the second the listen address and the third what it
// serves: the backend's index, or the API server's api.Config as JSON. A
// child prints readyPrefix and its URL on stdout once it listens, and
// shuts down on SIGTERM.
const (
	roleBackend = "serve-backend"
	roleAPI     = "serve-api"
	readyPrefix = "listening "
)

// isRole reports whether arg names a server role.
func isRole(arg string) bool { return arg == roleBackend || arg == roleAPI }

// serve runs a server role until SIGTERM and returns the exit code. A
// failure is one line on stderr.
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
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fail(1, err)
	case <-term:
	}
	// The parent stops a server only once its load is over: there is no
	// request to wait for, and a connection its client opened but never
	// used would hold Shutdown for seconds.
	if err := srv.Close(); err != nil {
		return fail(1, err)
	}
	return 0
}
