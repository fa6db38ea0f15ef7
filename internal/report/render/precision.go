package render

import (
	"fmt"
	"slices"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// precisionView is what templates/precision.tmpl shows: how wide the
// run's intervals are per operation, and the cells wider than Limit.
type precisionView struct {
	suite
	Limit      string
	WideCols   []string
	Rows, Wide [][]string
}

// precision writes how wide the run's intervals are, per operation, over
// the fields-* cells, and lists the cells wider than ±model.WideHalfWidth.
func precision(d *doc, a *model.Analysis) {
	if len(a.Precision) == 0 {
		return
	}
	limit := format.HalfWidth(100 * model.WideHalfWidth)
	v := precisionView{Limit: limit}
	wide := 0
	for _, p := range a.Precision {
		med, p90 := format.None, format.None
		if p.Cells > 0 {
			med, p90 = format.HalfWidth(100*p.Median), format.HalfWidth(100*p.P90)
		}
		cells := fmt.Sprint(p.Cells)
		if p.Unbounded > 0 {
			cells += fmt.Sprintf(" (+%d without an interval)", p.Unbounded)
		}
		row := []string{p.Op, cells, med, p90, fmt.Sprint(len(p.Wide))}
		if p.Op == model.AllOps {
			row = []string{"**" + p.Op + "**", "**" + cells + "**", "**" + med + "**", "**" + p90 + "**", "**" + fmt.Sprint(wide) + "**"}
		}
		v.Rows = append(v.Rows, row)
		wide += len(p.Wide)
	}
	if wide > 0 {
		v.WideCols, v.Wide = wideTable(a)
	}
	d.section("precision", v)
}

// wideTable is the table of the cells wider than ±model.WideHalfWidth: a
// row per operation and codec with any, a column per fields-* fixture.
func wideTable(a *model.Analysis) (cols []string, rows [][]string) {
	fixtures := a.Run.FixturesOf(load.Fields)
	cols = []string{"op", "codec"}
	for _, f := range fixtures {
		cols = append(cols, ">"+fieldCount(a.Run, f))
	}
	for _, p := range a.Precision {
		for _, codec := range a.Run.CodecNames {
			row := []string{p.Op, codec}
			found := false
			for _, f := range fixtures {
				i := slices.IndexFunc(p.Wide, func(w model.WideCell) bool { return w.Cell.Fixture == f && w.Cell.Codec == codec })
				if i < 0 {
					row = append(row, "")
					continue
				}
				row, found = append(row, format.HalfWidth(100*p.Wide[i].HalfWidth)), true
			}
			if found {
				rows = append(rows, row)
			}
		}
	}
	return cols, rows
}
