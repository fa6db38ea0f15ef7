package render

import (
	"math"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
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
