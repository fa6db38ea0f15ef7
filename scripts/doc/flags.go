package main

import (
	"errors"
	"io"
	"math"
	"strconv"

	"github.com/jsoncost/jsoncost/internal/runner"
)

// Defaults: as many 20 ms samples per cell as keep a small document's run within
// a couple of minutes on two cores. Thirty put the 95% interval of a median at
// about the 10th and 21st, narrow enough to rank on a quiet machine; six, the
// fewest with an interval at all, give the slowest and the fastest.
const (
	defaultRounds    = 30
	defaultBenchtime = "20ms"
)

type options struct {
	doc, fields        string  // the document's path and the FIELDS list
	rounds, perRequest int     // interleaved rounds over every cell; documents per response
	benchtime          string  // go test -benchtime per cell and round
	qps                float64 // requests per second; 0 when not given
	results            string
}

// parseFlags reads the command line, which make writes with every variable, set or not.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := options{rounds: defaultRounds, benchtime: defaultBenchtime, perRequest: 1, results: "results"}
	fs := runner.NewFlags("bench-doc")
	fs.Vars = map[string]string{"rounds": "ROUNDS", "benchtime": "BENCHTIME", "qps": "QPS", "per-request": "PER_REQUEST"}
	fs.StringVar(&o.doc, "doc", "", "the JSON document: one object, an array of objects, or objects one a line (DOC)")
	fs.StringVar(&o.fields, "fields", "", "comma-separated paths of the fields the client uses, such as id,price.amount,items[].sku (FIELDS)")
	fs.Count("rounds", "interleaved rounds (default "+strconv.Itoa(defaultRounds)+")", &o.rounds)
	fs.Benchtime("benchtime", "go test -benchtime per cell and round (default "+defaultBenchtime+")", &o.benchtime)
	fs.Value("qps", "requests per second, for the cores each option spends", func(s string) error {
		q, err := strconv.ParseFloat(s, 64)
		if err != nil || !(q > 0) || math.IsInf(q, 0) {
			return errors.New("not a positive number of requests per second")
		}
		o.qps = q
		return nil
	})
	fs.Count("per-request", "documents per response (default 1)", &o.perRequest)
	fs.StringVar(&o.results, "results", o.results, "results directory")
	if err := fs.Parse(args, stderr); err != nil {
		return o, err
	}
	if o.doc == "" {
		return o, errors.New("DOC is not set: make bench-doc DOC=path/to/doc.json FIELDS=id,title,price.amount")
	}
	return o, nil
}
