package load

import (
	"bytes"
	"fmt"
	"slices"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// An HTTPRun is one raw file of the HTTP benchmark (make bench-http): its
// configuration and, per cell (rawfmt.ParseHTTPCell) and unit, the values
// of its result lines in file order, which is round order, and their
// iteration counts (the requests of each round).
type HTTPRun struct {
	File    string            // the raw file's base name
	Config  []benchfmt.Config // the configuration of its first HTTP result, in file order
	Cells   []rawfmt.HTTPCell // in the order the file first names them
	samples map[rawfmt.HTTPCell]map[string][]float64
	iters   map[rawfmt.HTTPCell][]float64
}

// ReadHTTP reads the HTTP raw file named name from data. Results of other
// benchmarks are skipped; it fails on a syntax error and without HTTP results.
func ReadHTTP(name string, data []byte) (*HTTPRun, error) {
	r := &HTTPRun{File: name, samples: map[rawfmt.HTTPCell]map[string][]float64{}, iters: map[rawfmt.HTTPCell][]float64{}}
	br := benchfmt.NewReader(bytes.NewReader(data), name)
	for br.Scan() {
		switch rec := br.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, rec
		case *benchfmt.Result:
			c, ok := rawfmt.ParseHTTPCell(rec.Name)
			if !ok {
				continue
			}
			if r.Config == nil {
				r.Config = slices.Clone(rec.Config)
			}
			if r.samples[c] == nil {
				r.samples[c] = map[string][]float64{}
				r.Cells = append(r.Cells, c)
			}
			r.iters[c] = append(r.iters[c], float64(rec.Iters))
			for _, v := range rec.Values {
				val, unit := OrigValue(v)
				r.samples[c][unit] = append(r.samples[c][unit], val)
			}
		}
	}
	if err := br.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(r.Cells) == 0 {
		return nil, fmt.Errorf("%s: no %s results", name, rawfmt.HTTPBenchmark)
	}
	return r, nil
}

// Samples returns a cell's values of unit, one per round, in round order.
func (r *HTTPRun) Samples(c rawfmt.HTTPCell, unit string) []float64 { return r.samples[c][unit] }

// Iters returns a cell's iteration counts, one per round, in round order.
func (r *HTTPRun) Iters(c rawfmt.HTTPCell) []float64 { return r.iters[c] }

// Value returns the value of a configuration key, or "" without one.
func (r *HTTPRun) Value(key string) string {
	i := slices.IndexFunc(r.Config, func(c benchfmt.Config) bool { return c.Key == key })
	if i < 0 {
		return ""
	}
	return string(r.Config[i].Value)
}
