package render

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// DiffSummary writes, per unit, the cells whose change between two runs is
// significant, largest effect first, and how many did not change: the
// plain-text head of make compare. Numbers align right; the cell, the last
// column, is left as it is.
func DiffSummary(w io.Writer, diffs []model.Diff) error {
	var b strings.Builder
	for _, d := range diffs {
		fmt.Fprintf(&b, "%s: %s\n", d.Unit, diffCounts(d))
		if len(d.Changed) == 0 {
			b.WriteString("\n")
			continue
		}
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "change\t95% CI\told\tnew\tp\t  cell")
		f := unitFormat(d.Unit)
		for _, c := range d.Changed {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.3f\t  %s\n", signedPct(c.New.Center/c.Old.Center), ciPct(c.Ratio), f(c.Old.Center), f(c.New.Center), c.Test.P, cellName(c.Cell))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// diffCounts says how many cells changed and how many did not.
func diffCounts(d model.Diff) string {
	s := "no cell changed significantly"
	if n := len(d.Changed); n > 0 {
		s = fmt.Sprintf("%s changed significantly (p < 0.05), largest change first", format.Plural(n, "cell"))
	}
	s += fmt.Sprintf("; %d unchanged", d.Unchanged)
	if d.TooFew > 0 {
		s += fmt.Sprintf("; %d with too few samples to tell", d.TooFew)
	}
	if d.OnlyOld > 0 {
		s += fmt.Sprintf("; %d only in OLD", d.OnlyOld)
	}
	if d.OnlyNew > 0 {
		s += fmt.Sprintf("; %d only in NEW", d.OnlyNew)
	}
	return s + "."
}

// unitFormat formats a value of unit.
func unitFormat(unit string) func(float64) string {
	switch unit {
	case rawfmt.UnitNs:
		return format.Duration
	case rawfmt.UnitB:
		return format.Bytes
	default:
		return format.Num
	}
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
