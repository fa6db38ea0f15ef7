package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/jsoncost/jsoncost/internal/httpbench/vegetaload"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// defaultIndex is the index the loopback backend serves and -load fills.
const defaultIndex = "jsoncost-es-hits"

type options struct {
	quick, report, load, verbose bool
	codecs                       string // codecs beyond httpbench.DefaultCodecs: names or patterns
	es                           string // a real cluster's base URL; "" starts the loopback backend
	index, results               string
	apiAddr, backendAddr         string
	rounds, workers, rate        int
	requests                     int
	duration, warmup             time.Duration
	seed                         uint64 // the order seed; 0 draws one
}

// parseFlags reads the command line. A bad value is a one-line error
// naming the flag; -h prints the usage to stderr and returns flag.ErrHelp.
// -quick changes the defaults of -rounds, -duration and -warmup; given
// explicitly, they win.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("http", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&o.quick, "quick", false, "a short run: 6 rounds of 500ms per cell")
	fs.StringVar(&o.codecs, "codecs", "", "codecs to compare besides encoding-json, sonic-std and goccy: comma-separated names or patterns")
	fs.StringVar(&o.es, "es", "", "base URL of a real Elasticsearch or OpenSearch cluster to use as the backend, e.g. http://127.0.0.1:9200 (default: a loopback stand-in)")
	fs.StringVar(&o.index, "index", "", "index to search (default "+defaultIndex+")")
	fs.IntVar(&o.rounds, "rounds", 10, "rounds over every cell (default 6 with -quick)")
	fs.IntVar(&o.workers, "workers", 64, "load generator workers: requests in flight at the fixed-concurrency load, at most at the fixed rate; the sized pool keeps as many idle connections")
	fs.IntVar(&o.rate, "rate", 200, "requests per second of the fixed-rate load")
	fs.DurationVar(&o.duration, "duration", 2*time.Second, "measured load per cell and round, at most (default 500ms with -quick)")
	fs.DurationVar(&o.warmup, "warmup", 500*time.Millisecond, "unmeasured load before it (default 200ms with -quick)")
	fs.IntVar(&o.requests, "requests", 200_000, "requests per load phase, at most")
	fs.Func(rawfmt.KeyOrderSeed, "replay the cell order of the run that recorded this "+rawfmt.KeyOrderSeed+" (default random)", func(s string) (err error) {
		if o.seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return errors.New("not a number")
		}
		return nil
	})
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.StringVar(&o.apiAddr, "api-addr", "127.0.0.1:0", "listen address of the API server (loopback)")
	fs.StringVar(&o.backendAddr, "backend-addr", "127.0.0.1:0", "listen address of the loopback backend")
	fs.BoolVar(&o.report, "report", false, "rebuild the report of every machine from its newest raw file and exit")
	fs.BoolVar(&o.load, "load", false, "bulk-index the fixture documents into -index at -es and exit")
	fs.BoolVar(&o.verbose, "v", false, "say on stderr when each server process starts")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fs.Usage()
		}
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.quick {
		for name, v := range map[string]string{"rounds": "6", "duration": "500ms", "warmup": "200ms"} {
			if !set[name] {
				fs.Set(name, v)
			}
		}
	}
	o.index = cmp.Or(o.index, defaultIndex)
	return o, o.check()
}

// check rejects values out of range, a listen address off loopback and an
// unusable cluster URL.
func (o options) check() error {
	for _, v := range []struct {
		flag string
		n    int
	}{{"rounds", o.rounds}, {"workers", o.workers}, {"rate", o.rate}, {"requests", o.requests}} {
		if v.n < 1 {
			return fmt.Errorf("-%s %d: need at least 1", v.flag, v.n)
		}
	}
	switch {
	case o.duration <= 0 || o.warmup <= 0:
		return fmt.Errorf("-duration %s -warmup %s: both must be positive", o.duration, o.warmup)
	case o.load && o.es == "":
		return errors.New("-load needs -es, the cluster to fill")
	}
	for _, a := range [][2]string{{"api-addr", o.apiAddr}, {"backend-addr", o.backendAddr}} {
		flag, addr := a[0], a[1]
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return fmt.Errorf("-%s %q: %w", flag, addr, err)
		}
		if err := vegetaload.Loopback("http://" + addr); err != nil {
			return fmt.Errorf("-%s %q: the servers listen on loopback only", flag, addr)
		}
	}
	if u, err := url.Parse(o.es); o.es != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		return fmt.Errorf("-es %q: want a base URL such as http://127.0.0.1:9200", o.es)
	}
	return nil
}
