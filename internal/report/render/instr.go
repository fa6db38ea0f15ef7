package render

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// instrCounts writes the machine's instruction counts beside the run's
// times: per operation a table of counts, the fitted cost per field in
// instructions, and how well the counts rank cells as time does.
func instrCounts(d *doc, a *model.Analysis) {
	in := a.Instr
	if in == nil {
		return
	}
	r, ir := a.Run, in.Run
	d.line("## Instruction counts")
	d.line("")
	d.line("From %s: instructions executed per operation, counted under valgrind's cachegrind (`make bench-instr`), the figure that does not drift with the machine's load. Counted with %s at commit %s, %s; the times, B/op and allocs/op beside them come from this page's run.",
		Link{"raw/" + ir.Raw.File, "raw/" + ir.Raw.File}, esc(value(ir, rawfmt.KeyGo)), esc(value(ir, rawfmt.KeyCommit)), runtimeSettings(ir))
	d.line("")
	d.line("What instruction counts miss: an instruction that waits on a cache or TLB miss counts as one that does not, so large documents and pointer-heavy maps cost more time than their counts say; a SIMD instruction that scans 16 or 32 bytes counts as one, like a scalar one, so vectorised codecs (sonic, segmentio) do more per instruction; and with GOGC=off the collector never runs, so the counts include allocating memory but not collecting it, a cost that grows with the B/op and allocs/op shown beside them. Time is what a service pays; the counts say where it goes without the noise.")
	d.line("")
	if s := ir.Samples(ir.Noop, rawfmt.UnitInstr); len(s) > 0 {
		d.line("The harness's own `%s` cell counts %s instructions per operation.", rawfmt.Noop, format.Num(model.Median(s)))
		d.line("")
	}
	for _, op := range in.Ops {
		d.line("### %s: instructions/op", esc(op.Op))
		d.line("")
		rk := op.Agreement
		s := fmt.Sprintf("Rank agreement with %s: Spearman's ρ = %s over %s (document size drives most of it)", rawfmt.UnitNs, format.Sig(rk.Rho), format.Plural(rk.Cells, "common cell"))
		if rk.Fixtures > 0 {
			s += fmt.Sprintf("; across codecs within one fixture, median ρ = %s over %s, lowest %s (%s)", format.Sig(rk.Median), format.Plural(rk.Fixtures, "fixture"), format.Sig(rk.Least), esc(rk.LeastFixture))
		}
		d.line("%s.", s)
		d.line("")
		countTable(d, r, ir, op)
		fitTable(d, r, ir, op)
	}
}

// countTable writes the counts of op and their ratios to the base's: rows
// codecs, columns the fixtures by their number of fields (or name).
func countTable(d *doc, r, ir *load.Run, op model.InstrOp) {
	var fixtures []string
	for _, f := range ir.Fixtures {
		if slices.ContainsFunc(op.Fits, func(c model.InstrFit) bool { return hasInstr(ir, op.Op, f, c.Codec) }) {
			fixtures = append(fixtures, f)
		}
	}
	cols := []string{"codec"}
	for _, f := range fixtures {
		cols = append(cols, ">"+fieldCount(r, f))
	}
	var counts, ratios [][]string
	for _, c := range op.Fits {
		count, ratio := []string{c.Codec}, []string{c.Codec}
		for _, f := range fixtures {
			v, base := instrAt(ir, op.Op, f, c.Codec), instrAt(ir, op.Op, f, rawfmt.Base)
			count = append(count, format.Count(v))
			ratio = append(ratio, format.Ratio(v/base))
		}
		counts = append(counts, count)
		if c.Codec != rawfmt.Base {
			ratios = append(ratios, ratio)
		}
	}
	d.line("Instructions/op by number of fields:")
	d.line("")
	d.table(cols, counts)
	d.line("")
	if slices.ContainsFunc(op.Fits, func(c model.InstrFit) bool { return c.Codec == rawfmt.Base }) && len(ratios) > 0 {
		d.line("Each codec's count over %s's:", rawfmt.Base)
		d.line("")
		d.table(cols, ratios)
		d.line("")
	}
}

// instrAt is the median count of a cell, NaN when it has none.
func instrAt(ir *load.Run, op, fixture, codec string) float64 {
	s := ir.Samples(rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}, rawfmt.UnitInstr)
	if len(s) == 0 {
		return math.NaN()
	}
	return model.Median(s)
}

func hasInstr(ir *load.Run, op, fixture, codec string) bool {
	return !math.IsNaN(instrAt(ir, op, fixture, codec))
}

// fitTable writes the fitted instructions per field of op beside the time,
// B/op and allocs/op of the largest fields-* document counted.
func fitTable(d *doc, r, ir *load.Run, op model.InstrOp) {
	counted := ir.FixturesOf(load.Fields)
	at := ""
	if len(counted) > 0 {
		at = counted[len(counted)-1]
	}
	var rows [][]string
	for _, f := range op.Fits {
		c := rawfmt.Cell{Op: op.Op, Fixture: at, Codec: f.Codec}
		perInstr := format.None
		if i, t := ir.Samples(c, rawfmt.UnitInstr), r.Samples(c, rawfmt.UnitNs); len(i) > 0 && len(t) > 0 && model.Median(i) > 0 {
			perInstr = format.Num(1000 * model.Median(t) / model.Median(i))
		}
		rows = append(rows, []string{f.Codec, formula(f.Fit), call(f.Fit), marks(f.Fit), kText(f.Fit), resid(f.Fit),
			perInstr, median(r.Samples(c, rawfmt.UnitB)), median(r.Samples(c, rawfmt.UnitAllocs))})
	}
	d.line("Instructions per call (**a**) and per field, fitted as the times are, and, at %s, the nanoseconds 1000 of them take and the B/op and allocs/op they do not count:", cmp.Or(at, format.None))
	d.line("")
	d.table([]string{"codec", "form", ">a", ">per field, measured, at " + markList(), ">k", ">largest residual", ">ns per 1000", ">B/op", ">allocs/op"}, rows)
	d.line("")
}

func median(s []float64) string {
	if len(s) == 0 {
		return format.None
	}
	return format.Num(model.Median(s))
}

// value is a configuration value of a run, or none.
func value(r *load.Run, key string) string {
	v, _ := r.Value(key)
	return format.OrNone(v)
}

// runtimeSettings names the runtime settings of an instruction count.
func runtimeSettings(r *load.Run) string {
	return fmt.Sprintf("GOMAXPROCS=%s, GOGC=%s", value(r, rawfmt.KeyGOMAXPROCS), value(r, rawfmt.KeyGOGC))
}
