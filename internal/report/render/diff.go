package render

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

// DiffSummary writes the head of make compare, templates/diff.tmpl: per
// unit, the cells whose change between two runs is significant, largest
// first, and how many did not change.
func DiffSummary(w io.Writer, diffs []model.Diff) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	if err := sections.ExecuteTemplate(tw, "diff.tmpl", diffs); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	return tw.Flush()
}
