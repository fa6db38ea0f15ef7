package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/httpbench/api"
	"github.com/jsoncost/jsoncost/internal/httpbench/backend"
)

// The server roles the command plays in a child process of its own, so
// that each server's CPU time is its process's alone. The first argument
// names the role; a child prints readyPrefix and its URL on stdout once it
// listens, and shuts down on SIGTERM.
const (
	roleBackend = "serve-backend"
	roleAPI     = "serve-api"
	readyPrefix = "listening "
)

// serve runs a server role until SIGTERM and returns the exit code. A
// failure to start is one line on stderr.
func serve(role string, args []string, stdout, stderr io.Writer) int {
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)

	srv, addr, err := newServer(role, args)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", role, err)
		return 2
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", role, err)
		return 1
	}
	fmt.Fprintf(stdout, "%shttp://%s\n", readyPrefix, ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintf(stderr, "%s: %v\n", role, err)
		return 1
	case <-term:
	}
	// The parent stops a server only once its load is over: there is no
	// request to wait for, and a connection its client opened but never
	// used would hold Shutdown for seconds.
	if err := srv.Close(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", role, err)
		return 1
	}
	return 0
}

// newServer builds the server of a role from its arguments.
func newServer(role string, args []string) (*http.Server, string, error) {
	fs := flag.NewFlagSet(role, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "127.0.0.1:0", "listen address")
	index := fs.String("index", "", "index name")
	var cfg api.Config
	fs.StringVar(&cfg.Backend, "backend", "", "backend base URL")
	fs.StringVar(&cfg.Codec, "codec", "", "codec")
	fs.StringVar(&cfg.Source, "source", "", "full or filtered")
	fs.IntVar(&cfg.Hits, "hits", 0, "hits per search")
	fs.StringVar(&cfg.Pool, "pool", "", "default or sized-N")
	if err := fs.Parse(args); err != nil {
		return nil, "", err
	}
	cfg.Index = *index
	switch role {
	case roleBackend:
		b := backend.New(*index)
		return &http.Server{Handler: b.Handler(), ConnState: b.ConnState}, *addr, nil
	case roleAPI:
		a, err := api.New(cfg)
		if err != nil {
			return nil, "", err
		}
		return &http.Server{Handler: a.Handler()}, *addr, nil
	}
	return nil, "", fmt.Errorf("unknown role %q", role)
}

// serverArgs are the arguments of the API server role for a scenario.
func serverArgs(addr, backendURL, index string, s httpbench.Scenario) []string {
	return []string{
		"-addr", addr, "-backend", backendURL, "-index", index,
		"-codec", s.Codec, "-source", s.Source, "-hits", fmt.Sprint(s.Hits), "-pool", s.Pool,
	}
}

// isRole reports whether args start with a server role.
func isRole(args []string) bool {
	return len(args) > 0 && (args[0] == roleBackend || args[0] == roleAPI)
}
