package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

const defaultIndex = "jsoncost-es-hits" // the loopback backend serves it, -load fills it

type options struct {
	quick, load, verbose  bool
	codecs                string // codecs beyond httpbench.DefaultCodecs: names or patterns
	es                    string // a real cluster's base URL; "" starts the loopback backend
	index, results        string
	apiAddr, backendAddr  string
	rounds, workers, rate int
	requests              int
	duration, warmup      time.Duration
	seed                  uint64 // the order seed; 0 draws one
}

// parseFlags reads the command line. -quick changes the defaults of -rounds,
// -duration and -warmup; given explicitly, they win.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{rounds: 10, workers: 64, rate: 200, requests: 200_000, duration: 2 * time.Second, warmup: 500 * time.Millisecond}
	fs := runner.NewFlags("http")
	duration := func(name, usage string, d *time.Duration) {
		fs.Value(name, usage, func(s string) (err error) {
			if *d, err = time.ParseDuration(s); err != nil || *d <= 0 {
				return errors.New("want a positive duration")
			}
			return nil
		})
	}
	fs.BoolVar(&o.quick, "quick", false, "a short run: 6 rounds of 500ms per cell")
	fs.StringVar(&o.codecs, "codecs", "", "codecs to compare besides encoding-json, sonic-std and goccy: comma-separated names or patterns")
	fs.StringVar(&o.es, "es", "", "base URL of a real Elasticsearch or OpenSearch cluster to use as the backend, e.g. http://127.0.0.1:9200 (default: a loopback stand-in)")
	fs.StringVar(&o.index, "index", "", "index to search (default "+defaultIndex+")")
	fs.Count("rounds", "rounds over every cell (default 10, 6 with -quick)", &o.rounds)
	fs.Count("workers", "load generator workers: requests in flight at the fixed-concurrency load, at most at the fixed rate; the sized pool keeps as many idle connections (default 64)", &o.workers)
	fs.Count("rate", "requests per second of the fixed-rate load (default 200)", &o.rate)
	duration("duration", "measured load per cell and round, at most (default 2s, 500ms with -quick)", &o.duration)
	duration("warmup", "unmeasured load before it (default 500ms, 200ms with -quick)", &o.warmup)
	fs.Count("requests", "requests per load phase, at most (default 200000)", &o.requests)
	fs.Seed(rawfmt.KeyOrderSeed, "replay the cell order of the run that recorded this "+rawfmt.KeyOrderSeed+" (default random)", &o.seed)
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.StringVar(&o.apiAddr, "api-addr", "127.0.0.1:0", "listen address of the API server (loopback)")
	fs.StringVar(&o.backendAddr, "backend-addr", "127.0.0.1:0", "listen address of the loopback backend")
	fs.BoolVar(&o.load, "load", false, "bulk-index the fixture documents into -index at -es and exit")
	fs.BoolVar(&o.verbose, "v", false, "say on stderr when each server process starts")
	if err := fs.Parse(args, stderr); err != nil {
		return o, err
	}
	for name, v := range map[string]string{"rounds": "6", "duration": "500ms", "warmup": "200ms"} {
		if o.quick && !fs.Given(name) {
			fs.Set(name, v)
		}
	}
	o.index = cmp.Or(o.index, defaultIndex)
	return o, o.check()
}

// check rejects a listen address off loopback and an unusable cluster URL.
func (o options) check() error {
	if o.load && o.es == "" {
		return errors.New("-load needs -es, the cluster to fill")
	}
	for _, a := range [][2]string{{"api-addr", o.apiAddr}, {"backend-addr", o.backendAddr}} {
		flag, addr := a[0], a[1]
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return fmt.Errorf("-%s %q: %w", flag, addr, err)
		}
		if err := loopback("http://" + addr); err != nil {
			return fmt.Errorf("-%s %q: the servers listen on loopback only", flag, addr)
		}
	}
	if u, err := url.Parse(o.es); o.es != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		return fmt.Errorf("-es %q: want a base URL such as http://127.0.0.1:9200", o.es)
	}
	return nil
}
