package main

import (
	"errors"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/jsoncost/jsoncost/internal/meter"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// Defaults: thirty rounds put the 95% interval of a cell's median round at
// about its 10th and 21st, narrow enough to rank on a quiet machine; a round
// times every cell in pairs of 1 ms slices, which keeps a small document's
// run within a couple of minutes on two cores.
const (
	defaultRounds = 30
	defaultSlice  = time.Millisecond
	defaultPairs  = 10
	maxLayouts    = 4 // link layouts, each a binary of its own; a run of fewer rounds builds as many as it has
)

type options struct {
	doc, fields        string        // the document's path and the FIELDS list
	rounds, perRequest int           // rounds, each one process of the binary; documents per response
	slice              time.Duration // the time a timed slice aims at
	pairs              int           // pairs of slices of a cell per round, at most
	qps                float64       // requests per second; 0 when not given
	seed               uint64        // the run's seed; 0 draws a random one
	results            string
}

// parseFlags reads the command line, which make writes with every variable, set or not.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{rounds: defaultRounds, slice: defaultSlice, pairs: defaultPairs, perRequest: 1, results: "results"}
	fs := runner.NewFlags("bench-doc")
	fs.Vars = map[string]string{"rounds": "ROUNDS", "slice": "SLICE", "qps": "QPS", "per-request": "PER_REQUEST"}
	fs.StringVar(&o.doc, "doc", "", "the JSON document: one object, an array of objects, or objects one a line (DOC)")
	fs.StringVar(&o.fields, "fields", "", "comma-separated paths of the fields the client uses, such as id,price.amount,items[].sku (FIELDS)")
	fs.Count("rounds", "`n` rounds, each one process of the benchmark binary (ROUNDS, default "+strconv.Itoa(defaultRounds)+")", &o.rounds)
	fs.Value("slice", "the `duration` each timed slice of a cell aims at (SLICE, default "+defaultSlice.String()+")", func(s string) (err error) {
		o.slice, err = time.ParseDuration(s)
		if err != nil || o.slice < 50*time.Microsecond || o.slice > time.Second {
			return errors.New("want a duration from 50µs to 1s, the time each timed slice of a cell aims at")
		}
		return nil
	})
	fs.Count("pairs", "`n` pairs of slices of each cell per round, fewer for a cell whose slices are slow (default "+strconv.Itoa(defaultPairs)+")", &o.pairs)
	fs.Value("qps", "requests per second, for the cores each option spends (QPS)", func(s string) (err error) {
		o.qps, err = strconv.ParseFloat(s, 64)
		if err != nil || !(o.qps > 0) || math.IsInf(o.qps, 0) {
			return errors.New("not a positive number of requests per second")
		}
		return nil
	})
	fs.Count("per-request", "documents per response (PER_REQUEST, default 1)", &o.perRequest)
	fs.Seed("seed", "replay the order and link layouts of the run that recorded this `seed` (default random)", &o.seed)
	fs.StringVar(&o.results, "results", o.results, "results directory")
	if err := fs.Parse(args, stderr); err != nil {
		return o, err
	}
	if o.doc == "" {
		return o, errors.New("DOC is not set: make bench-doc DOC=path/to/doc.json FIELDS=id,title,price.amount")
	}
	return o, nil
}

// meter is the meter's options of the run.
func (o options) meter() meter.Options {
	return meter.Options{Slice: o.slice, Pairs: o.pairs, Seed: o.seed}
}
