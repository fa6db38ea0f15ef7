package render

import (
	"fmt"
	"slices"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A precision is the "Precision" section: how precisely the run measured
// each operation and fixture family, and the cells wider than
// model.WideHalfWidth.
type precision struct {
	Ops, Families, Wide Table
	Why                 string // why the run is too imprecise to rank (model.Verdict), or ""
	Busy                bool
	// A paired run measures the ratios of codecs to their bases, against
	// model.TargetMedian and model.TargetP90; Missed lists the operations
	// and families that miss them.
	Paired                  bool
	TargetMedian, TargetP90 float64
	Missed                  []string
	Spread                  *intervals // where the intervals come from, of a paired run
}

// intervals is model.Spread in words: the standard deviations as percentages.
type intervals struct {
	Pairs, Processes string
	Rounds           int
	// Layouts and Alone are model.Spread's, in a run of PerLayout rounds a
	// layout; "" in others.
	Layouts, Alone string
	PerLayout      int
}

func newPrecision(a *model.Analysis) precision {
	cols := []string{">cells", ">median half-width", ">90th percentile", ">samples over median, 10th–90th", ">cells wider than " + format.HalfWidth(100*model.WideHalfWidth)}
	p := precision{Why: a.Verdict.Why(), Busy: a.Busy() != nil, Paired: a.Run.Paired(), TargetMedian: model.TargetMedian, TargetP90: model.TargetP90}
	if p.Paired {
		cols[3] = ">pairs over their cell's ratio, 10th–90th"
		cols = append(cols, ">within "+format.HalfWidth(100*model.TargetMedian)+" / "+format.HalfWidth(100*model.TargetP90))
	}
	p.Ops, p.Families = Table{Cols: append([]string{"op"}, cols...)}, Table{Cols: append([]string{"family"}, cols...)}
	// row is a row of the tables: its name, cells, median and 90th-percentile
	// half-widths, the spread of its samples, wide, the number of its cells
	// wider than model.WideHalfWidth, and whether it meets the targets, each
	// cell between mark.
	row := func(name string, o model.OpPrecision, wide int, mark string) []string {
		cells, med, p90, spread := fmt.Sprint(o.Cells), format.None, format.None, format.None
		if o.Unbounded > 0 {
			cells = fmt.Sprintf("%d (+%d without an interval)", o.Cells, o.Unbounded)
		}
		if o.Cells > 0 {
			med, p90 = format.HalfWidth(100*o.Median), format.HalfWidth(100*o.P90)
		}
		if o.High > 0 {
			spread = format.Strays(o.Low, o.High)
		}
		row := []string{name, cells, med, p90, spread, fmt.Sprint(wide)}
		if p.Paired {
			row = append(row, map[bool]string{true: "yes", false: "no"}[o.MeetsTargets()])
			if !o.MeetsTargets() {
				p.Missed = append(p.Missed, name)
			}
		}
		for i, c := range row {
			row[i] = mark + c + mark
		}
		return row
	}
	if len(a.Precision) == 0 {
		return p
	}
	if s := a.Spread; a.HasSpread {
		p.Spread = &intervals{Pairs: format.Percent(100 * s.Pairs), Processes: format.Percent(100 * s.Processes), Rounds: s.Rounds}
		if s.PerLayout > 1 {
			p.Spread.Layouts, p.Spread.Alone, p.Spread.PerLayout = format.Percent(100*s.Layouts), format.Percent(100*s.Alone), s.PerLayout
		}
	}
	wide := 0
	for _, o := range a.Precision {
		if o.Op == model.AllOps {
			p.Ops.add(row(o.Op, o, wide, "**")...)
		} else {
			p.Ops.add(row(o.Op, o, len(o.Wide), "")...)
		}
		wide += len(o.Wide)
	}
	for _, f := range a.Families {
		p.Families.add(row(code(f.Op), f, len(f.Wide), "")...)
	}
	if wide == 0 {
		return p
	}
	fixtures := a.Run.FixturesOf(load.Fields)
	p.Wide.Cols = []string{"op", "codec"}
	for _, f := range fixtures {
		p.Wide.Cols = append(p.Wide.Cols, ">"+fieldCount(a.Run, f))
	}
	for _, o := range a.Precision {
		for _, codec := range a.Run.CodecNames {
			row, found := []string{o.Op, codec}, false
			for _, f := range fixtures {
				w := ""
				if i := slices.IndexFunc(o.Wide, func(c model.WideCell) bool { return c.Cell.Fixture == f && c.Cell.Codec == codec }); i >= 0 {
					w, found = format.HalfWidth(100*o.Wide[i].HalfWidth), true
				}
				row = append(row, w)
			}
			if found {
				p.Wide.add(row...)
			}
		}
	}
	return p
}
