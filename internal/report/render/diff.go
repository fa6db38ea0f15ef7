package render

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// DiffSummary writes the head of make compare: per unit, the cells whose
// change between two runs is significant, largest first, and how many did
// not change, aligned by a tabwriter.
func DiffSummary(w io.Writer, diffs []model.Diff) error {
	change := func(x float64) string {
		if !finite(x) {
			return "from 0"
		}
		return format.Change(100 * (x - 1))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, d := range diffs {
		in := map[string]func(float64) string{rawfmt.UnitNs: format.Duration, rawfmt.UnitB: format.Bytes}[d.Unit]
		if in == nil {
			in = format.Num
		}
		head := "no cell changed significantly"
		if len(d.Changed) > 0 {
			head = format.Plural(len(d.Changed), "cell") + " changed significantly (p < 0.05), largest change first"
		}
		fmt.Fprintf(tw, "%s: %s; %d unchanged", d.Unit, head, d.Unchanged)
		for _, c := range []struct {
			n    int
			what string
		}{{d.TooFew, "with too few samples to tell"}, {d.OnlyOld, "only in OLD"}, {d.OnlyNew, "only in NEW"}} {
			if c.n > 0 {
				fmt.Fprintf(tw, "; %d %s", c.n, c.what)
			}
		}
		fmt.Fprintln(tw, ".")
		if len(d.Changed) > 0 {
			fmt.Fprintln(tw, "change\t95% CI\told\tnew\tp\t  cell")
		}
		for _, c := range d.Changed {
			ci := format.None
			if c.Ratio.ShowsCI() {
				ci = "[" + change(c.Ratio.Lo) + ", " + change(c.Ratio.Hi) + "]"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.3f\t  %s\n", change(c.New.V/c.Old.V), ci, in(c.Old.V), in(c.New.V), c.Test.P, c.Cell.Op+"/"+c.Cell.Fixture+"/"+c.Cell.Codec)
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}
