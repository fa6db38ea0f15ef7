package render

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// precisionRow is the Markdown row of p in a table of the Precision section: its name,
// cells, median and 90th-percentile half-widths, the spread of its samples
// and wide, the number of its cells wider than model.WideHalfWidth; with
// bold, every cell in bold.
func precisionRow(name string, p model.OpPrecision, wide int, bold bool) string {
	cells, med, p90, spread := fmt.Sprint(p.Cells), format.None, format.None, format.None
	if p.Unbounded > 0 {
		cells = fmt.Sprintf("%d (+%d without an interval)", p.Cells, p.Unbounded)
	}
	if p.Cells > 0 {
		med, p90 = format.HalfWidth(100*p.Median), format.HalfWidth(100*p.P90)
	}
	if p.High > 0 {
		spread = format.Strays(p.Low, p.High)
	}
	row := []string{name, cells, med, p90, spread, fmt.Sprint(wide)}
	if bold {
		for i, c := range row {
			row[i] = "**" + c + "**"
		}
	}
	return markdown.Row(row...)
}
