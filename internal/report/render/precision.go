package render

import (
	"fmt"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// precision writes how wide the run's intervals are, per operation, over
// the fields-* cells, and lists the cells wider than ±model.WideHalfWidth.
func precision(d *doc, a *model.Analysis) {
	if len(a.Precision) == 0 {
		return
	}
	d.line("## Precision")
	d.line("")
	d.line("How precisely this run measured each operation: for every %s cell, the half-width of the 95%% interval of its median %s relative to the median, as benchstat prints it (±x%%), and last the same over the cells of every operation. The findings above state only effects larger than their own interval.", load.Fields.Label(), rawfmt.UnitNs)
	d.line("")
	var rows [][]string
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
		rows = append(rows, row)
		wide += len(p.Wide)
	}
	d.table([]string{"op", ">cells", ">median half-width", ">90th percentile", ">cells wider than " + format.HalfWidth(100*model.WideHalfWidth)}, rows)
	d.line("")
	if wide > 0 {
		d.line("The cells wider than %s, by number of fields:", format.HalfWidth(100*model.WideHalfWidth))
		d.line("")
		wideTable(d, a)
	}
}

// wideTable writes the cells wider than ±model.WideHalfWidth: a row per
// operation and codec with any, a column per fields-* fixture.
func wideTable(d *doc, a *model.Analysis) {
	fixtures := a.Run.FixturesOf(load.Fields)
	cols := []string{"op", "codec"}
	for _, f := range fixtures {
		cols = append(cols, ">"+fieldCount(a.Run, f))
	}
	var rows [][]string
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
	d.table(cols, rows)
	d.line("")
}
