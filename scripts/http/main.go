// Command http is make bench-http: it measures an Elasticsearch-backed API
// server under HTTP load, one dimension at a time from a base scenario (codec,
// _source filtering, hits per response, the backend connection pool), writes
// the raw results under results/<machine-id>/http/raw/ and prints the run's page.
//
//	go run ./scripts/http [-quick] [-rounds n] [-codecs …] [-es URL -index name]
//	go run ./scripts/http -load -es URL -index name
//
// It starts a search backend (a loopback Elasticsearch stand-in, or the cluster
// -es names) and, per cell, an API server, each a child process so that its CPU
// time is its own; vegeta drives the API server at a fixed concurrency and at a
// fixed rate, both bounded in time and requests, and each server's counters are
// read before and after. Cells run in rounds, each in an order shuffled from a
// recorded seed. The benchfmt output is renamed into place only when every
// round completed. The machine's HTTP page (README.md, latency charts) is make
// report's, built from the preferred raw file alone; make bench-http runs it.
//
// -load bulk-indexes the fixture documents into -index at -es. The server roles
// (serve-backend, serve-api) are this program's children.
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"syscall"
	"time"

	"github.com/jsoncost/jsoncost/internal/httpbench/backend"
	"github.com/jsoncost/jsoncost/internal/runner"
)

func main() {
	if len(os.Args) > 1 && isRole(os.Args[1]) {
		os.Exit(serve(os.Args[1], os.Args[2:], os.Stderr))
	}
	o, err := parseFlags(os.Args[1:], os.Stderr)
	runner.Main("http", err, syscall.SIGTERM, func(ctx context.Context) error {
		if !o.load {
			return run(ctx, o, os.Stdout, os.Stderr)
		}
		cl := backend.Cluster{URL: o.es, Index: o.index, Client: &http.Client{Timeout: time.Minute}}
		n, err := cl.Load(ctx)
		if err == nil {
			fmt.Printf("indexed %d documents into %q at %s\n", n, o.index, cl.Host())
		}
		return err
	})
}
