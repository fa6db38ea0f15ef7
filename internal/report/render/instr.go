package render

import (
	"cmp"
	"math"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// instrAt is the median count of a cell, NaN when it has none.
func instrAt(ir *load.Run, op, fixture, codec string) float64 {
	s := ir.Samples(rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}, rawfmt.UnitInstr)
	if len(s) == 0 {
		return math.NaN()
	}
	return model.Median(s)
}

func hasInstr(ir *load.Run, op, fixture, codec string) bool {
	return !math.IsNaN(instrAt(ir, op, fixture, codec))
}

// instrFit is the row of a codec's fitted instructions per field of op
// beside the time, B/op and allocs/op of the fixture at, the largest
// fields-* document counted.
func instrFit(r, ir *load.Run, op, at string, f model.InstrFit) ([]string, error) {
	c := rawfmt.Cell{Op: op, Fixture: at, Codec: f.Codec}
	perInstr := format.None
	if i, t := ir.Samples(c, rawfmt.UnitInstr), r.Samples(c, rawfmt.UnitNs); len(i) > 0 && len(t) > 0 && model.Median(i) > 0 {
		perInstr = format.Num(1000 * model.Median(t) / model.Median(i))
	}
	row := []string{f.Codec}
	for _, name := range []string{"formula", "call", "marks", "k", "resid"} {
		var b strings.Builder
		if err := sections.ExecuteTemplate(&b, name, f.Fit); err != nil {
			return nil, err
		}
		row = append(row, b.String())
	}
	return append(row, perInstr, median(r.Samples(c, rawfmt.UnitB)), median(r.Samples(c, rawfmt.UnitAllocs))), nil
}

func median(s []float64) string {
	if len(s) == 0 {
		return format.None
	}
	return format.Num(model.Median(s))
}

// value is a configuration value of a run, or none.
func value(r *load.Run, key string) string {
	v, _ := r.Value(key)
	return cmp.Or(v, format.None)
}
