package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/jsoncost/jsoncost/internal/runner"
)

// Defaults: as many 20 ms samples per cell as keep a small document's run
// within a couple of minutes on two cores. Thirty samples put the 95%
// interval of a median at about the 10th and 21st of them, narrow enough
// to rank on a quiet machine; six, the fewest with an interval at all,
// give the slowest and the fastest.
const (
	defaultRounds    = 30
	defaultBenchtime = "20ms"
)

type options struct {
	doc, fields        string  // the document's path and the FIELDS list
	rounds, perRequest int     // interleaved rounds over every cell; documents per response
	benchtime          string  // go test -benchtime per cell and round
	qps                float64 // requests per second; 0 when not given
	results            string  // the results directory
}

// parseFlags reads the command line. make passes every variable, set or
// not, so an empty value means the default. A bad value is a one-line
// error naming the make variable; -h prints the usage to stderr and
// returns flag.ErrHelp.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{rounds: defaultRounds, benchtime: defaultBenchtime, perRequest: 1, results: "results"}
	fs := flag.NewFlagSet("bench-doc", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var bad error // the first bad value, said better than the flag package does
	value := func(name, variable, usage string, set func(string) error) {
		fs.Func(name, usage, func(s string) error {
			if s == "" {
				return nil
			}
			err := set(s)
			if err != nil && bad == nil {
				bad = fmt.Errorf("%s=%s: %w", variable, s, err)
			}
			return err
		})
	}
	fs.StringVar(&o.doc, "doc", "", "the JSON document: one object, an array of objects, or objects one a line (DOC)")
	fs.StringVar(&o.fields, "fields", "", "comma-separated paths of the fields the client uses, such as id,price.amount,items[].sku (FIELDS)")
	count := func(name, variable, usage string, n *int) {
		value(name, variable, usage, func(s string) (err error) {
			if *n, err = strconv.Atoi(s); err != nil || *n < 1 {
				return errors.New("not a positive whole number")
			}
			return nil
		})
	}
	count("rounds", "ROUNDS", "interleaved rounds (default "+strconv.Itoa(defaultRounds)+")", &o.rounds)
	value("benchtime", "BENCHTIME", "go test -benchtime per cell and round (default "+defaultBenchtime+")", func(s string) error {
		o.benchtime = s
		return runner.CheckBenchtime(s)
	})
	value("qps", "QPS", "requests per second, for the cores each option spends", func(s string) error {
		q, err := strconv.ParseFloat(s, 64)
		if err != nil || !(q > 0) || math.IsInf(q, 0) {
			return errors.New("not a positive number of requests per second")
		}
		o.qps = q
		return nil
	})
	count("per-request", "PER_REQUEST", "documents per response (default 1)", &o.perRequest)
	fs.StringVar(&o.results, "results", o.results, "results directory")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fs.Usage()
		}
		return o, cmp.Or(bad, err)
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.doc == "":
		return o, errors.New("DOC is not set: make bench-doc DOC=path/to/doc.json FIELDS=id,title,price.amount")
	}
	return o, nil
}
