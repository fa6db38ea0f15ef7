package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"net/url"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

const defaultIndex = "jsoncost-es-hits" // the loopback backend serves it, -load fills it

type options struct {
	quick, load           bool
	codecs                string // codecs beyond httpbench.DefaultCodecs: names or patterns
	es                    string // a real cluster's base URL; "" starts the loopback backend
	index, results        string
	rounds, workers, rate int
	requests              int // per load phase, at most: maxRequests, fewer in tests
	duration, warmup      time.Duration
	seed                  uint64 // the order seed; 0 draws one
}

// maxRequests bounds the requests of one load phase, whatever its duration.
const maxRequests = 200_000

// parseFlags reads the command line. -quick changes the defaults of -rounds,
// -duration and -warmup; given explicitly, they win. It rejects -load without a
// cluster and an unusable cluster URL.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{rounds: 10, workers: 64, rate: 200, requests: maxRequests, duration: 2 * time.Second, warmup: 500 * time.Millisecond}
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
	fs.Seed(rawfmt.KeyOrderSeed, "replay the cell order of the run that recorded this "+rawfmt.KeyOrderSeed+" (default random)", &o.seed)
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.BoolVar(&o.load, "load", false, "bulk-index the fixture documents into -index at -es and exit")
	if err := fs.Parse(args, stderr); err != nil {
		return o, err
	}
	for name, v := range map[string]string{"rounds": "6", "duration": "500ms", "warmup": "200ms"} {
		if o.quick && !fs.Given(name) {
			fs.Set(name, v)
		}
	}
	o.index = cmp.Or(o.index, defaultIndex)
	if o.load && o.es == "" {
		return o, errors.New("-load needs -es, the cluster to fill")
	}
	if u, err := url.Parse(o.es); o.es != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		return o, fmt.Errorf("-es %q: want a base URL such as http://127.0.0.1:9200", o.es)
	}
	return o, nil
}
