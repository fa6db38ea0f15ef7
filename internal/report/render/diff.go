package render

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// DiffSummary writes, per unit, the cells whose change between two runs is
// significant, largest effect first, and how many did not change: the
// plain-text head of make compare, templates/diff.tmpl. Numbers align
// right; the cell, the last column, is left as it is.
func DiffSummary(w io.Writer, diffs []model.Diff) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	if err := sections.ExecuteTemplate(tw, "diff.tmpl", diffs); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	return tw.Flush()
}

// unitFormat formats a value of unit.
func unitFormat(unit string, x float64) string {
	switch unit {
	case rawfmt.UnitNs:
		return format.Duration(x)
	case rawfmt.UnitB:
		return format.Bytes(x)
	}
	return format.Num(x)
}

// signedPct formats a ratio as a signed change: 1.3 is +30%.
func signedPct(ratio float64) string {
	if math.IsInf(ratio, 0) || math.IsNaN(ratio) {
		return "from 0"
	}
	return format.Change(100 * (ratio - 1))
}

// ciPct formats a ratio's interval as changes, or none.
func ciPct(e model.Estimate) string {
	if !e.ShowsCI() {
		return format.None
	}
	return "[" + signedPct(e.Lo) + ", " + signedPct(e.Hi) + "]"
}
