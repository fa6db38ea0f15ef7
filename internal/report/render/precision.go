package render

import (
	"slices"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// wideAt is the half-width of a cell of p wider than
// ±model.WideHalfWidth, or "".
func wideAt(p model.OpPrecision, fixture, codec string) string {
	i := slices.IndexFunc(p.Wide, func(w model.WideCell) bool { return w.Cell.Fixture == fixture && w.Cell.Codec == codec })
	if i < 0 {
		return ""
	}
	return format.HalfWidth(100 * p.Wide[i].HalfWidth)
}
