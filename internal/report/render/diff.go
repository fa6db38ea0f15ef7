package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A diffView is one unit of the head of make compare: the counts, and the
// changed cells as tab-separated rows.
type diffView struct {
	model.Diff
	Rows []string
}

// DiffSummary writes the head of make compare, templates/diff.tmpl: per
// unit, the cells whose change between two runs is significant, largest
// first, and how many did not change, aligned by a tabwriter.
func DiffSummary(w io.Writer, diffs []model.Diff) error {
	change := func(x float64) string {
		if !finite(x) {
			return "from 0"
		}
		return format.Change(100 * (x - 1))
	}
	inUnit := map[string]func(float64) string{rawfmt.UnitNs: format.Duration, rawfmt.UnitB: format.Bytes}
	var views []diffView
	for _, d := range diffs {
		v := diffView{Diff: d}
		in := inUnit[d.Unit]
		if in == nil {
			in = format.Num
		}
		for _, c := range d.Changed {
			ci := format.None
			if c.Ratio.ShowsCI() {
				ci = "[" + change(c.Ratio.Lo) + ", " + change(c.Ratio.Hi) + "]"
			}
			cell := c.Cell.Op + "/" + c.Cell.Fixture + "/" + c.Cell.Codec
			v.Rows = append(v.Rows, strings.Join([]string{change(c.New.V / c.Old.V), ci, in(c.Old.V), in(c.New.V), fmt.Sprintf("%.3f", c.Test.P), "  " + cell}, "\t"))
		}
		views = append(views, v)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	if err := sections.ExecuteTemplate(tw, "diff.tmpl", views); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	return tw.Flush()
}
