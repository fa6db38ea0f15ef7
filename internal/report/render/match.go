package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// Match writes how two runs (or the two halves of a noise run) agree, as
// make compare prints it: the cells compared and on what, how many of their
// intervals overlap, the median difference, and the cells whose change's
// interval leaves out 1, the largest first (at most max).
func Match(w io.Writer, m model.Match, oldName, newName string, max int) error {
	fmt.Fprintf(w, "%d cells compared on %s (%d only in %s, %d only in %s).\n", len(m.Cells), m.Figure, m.OnlyOld, oldName, m.OnlyNew, newName)
	if !m.Exact {
		fmt.Fprintf(w, "Their 95%% intervals overlap in %s of the cells.\n", format.Percent(100*m.Overlap))
	}
	fmt.Fprintf(w, "The median difference is %s.\n", format.Percent(100*m.MedianDiff))
	beyond := " beyond its interval"
	if m.Exact {
		beyond = ""
	}
	if len(m.Changed) == 0 {
		fmt.Fprintf(w, "No cell changed%s.\n", beyond)
		return nil
	}
	fmt.Fprintf(w, "%s changed%s, largest change first:\n", format.Plural(len(m.Changed), "cell"), strings.Replace(beyond, "its interval", "their intervals", 1))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s/%s\t95%% CI\t%s\t%s\t  cell\t\n", newName, oldName, oldName, newName)
	for _, c := range m.Changed[:min(len(m.Changed), max)] {
		ci := format.None
		if c.Change.ShowsCI() {
			ci = "[" + format.Ratio(c.Change.Lo) + ", " + format.Ratio(c.Change.Hi) + "]"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t  %s\t\n", format.Ratio(c.Change.V), ci, format.Sig(c.Old.V), format.Sig(c.New.V), c.Cell)
	}
	return tw.Flush()
}
