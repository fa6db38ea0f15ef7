package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A harness is "Harness overhead": the noop cell against the cheapest cells.
type harness struct {
	Table       Table
	AllocsKnown bool
	Allocs      float64 // the noop cell's allocs/op
}

func newHarness(a *model.Analysis) *harness {
	h := a.Harness
	if !h.Noop.Known() {
		return nil
	}
	name := func(c rawfmt.Cell) string { return c.Op + "/" + c.Fixture + "/" + c.Codec }
	numCI := func(e model.Estimate) string { return format.CI(e, format.Num, "") }
	out := &harness{Table: Table{Cols: []string{"cell", ">ns/op (95% CI)", ">noop as share of it"}}, AllocsKnown: h.NoopAllocs.Known(), Allocs: h.NoopAllocs.V}
	out.Table.add(name(a.Run.Noop), numCI(h.Noop), format.None)
	if h.Cheapest.Op != "" {
		out.Table.add("cheapest cell: "+name(h.Cheapest), numCI(h.CheapestNs), format.Percent(100*h.Noop.V/h.CheapestNs.V))
	}
	if h.CheapestCodec.Op != "" && h.CheapestCodec != h.Cheapest {
		out.Table.add("cheapest codec cell: "+name(h.CheapestCodec), numCI(h.CheapestCodNs), format.Percent(100*h.Noop.V/h.CheapestCodNs.V))
	}
	return out
}

// newFloor is "Faster than the floor": the codec cells below the floor
// of their operation and document; nil without a floor.
func newFloor(a *model.Analysis) *Table {
	if !a.Run.Floor {
		return nil
	}
	t := &Table{Cols: []string{"op", "fixture", "codec", ">codec (95% CI)", ">" + rawfmt.Floor, ">codec / floor"}}
	for _, f := range a.UnderFloor {
		t.add(f.Cell.Op, f.Cell.Fixture, f.Cell.Codec, format.DurationCI(f.Codec), format.DurationCI(f.Floor), format.RatioCI(f.Ratio))
	}
	return t
}

// passed is, for "How these numbers are made", the consistency checks that
// passed, with their pairs.
func passed(a *model.Analysis) string {
	var rules []string
	for _, c := range a.Checks {
		if c.Checked > 0 && len(c.Failed) == 0 {
			rules = append(rules, c.Rule+" ("+format.Plural(c.Checked, "pair")+")")
		}
	}
	return strings.Join(rules, "; ")
}

// A gcCost is "GC cost": the CPU time of a collection and per allocated KB
// at the run's service heap and at the benchmark's own small heap, and
// what that adds to an operation that allocates.
type gcCost struct {
	Service string         // the service heap's name, such as 64MiB
	Table   Table          // per heap: its live bytes, a collection's CPU time, a KB's
	PerKB   model.Estimate // ns of collection per KB allocated at the service heap
	Ratio   model.Estimate // the service heap's cost per byte over the benchmark heap's
	Example *gcExample
	// Unlocked is the line a run that timed its collections from a goroutine
	// locked to its thread lacks (rawfmt.KeyGCThread), "" in one that has it.
	Unlocked string
}

// A gcExample is the base's decode-struct on the article's large document:
// its B/op and codec time, and the collection that allocation costs.
type gcExample struct {
	Codec, Op, Fixture string
	B, Ns              float64
	Cost               model.Estimate
	Share              float64 // of its time with GC, in percent
}

// newGCCost is the section of a run that timed collection, else nil.
func newGCCost(r *load.Run) *gcCost {
	service, ok := model.GCOf(r, model.ServiceHeap(r))
	if !ok {
		return nil
	}
	g := &gcCost{Service: service.Heap, Table: Table{Cols: []string{"heap", ">live", ">CPU per collection", ">CPU per KB allocated"}}}
	if thread, _ := r.Value(rawfmt.KeyGCThread); thread != rawfmt.GCUnlocked {
		g.Unlocked = rawfmt.KeyGCThread + ": " + rawfmt.GCUnlocked
	}
	perKB := func(c model.GCCost) model.Estimate { return c.PerByte.Estimate().Times(format.BytesPerKB) }
	g.PerKB = perKB(service)
	g.Table.add(service.Heap+", a service's", format.Bytes(service.Live), format.DurationCI(service.Cycle.Estimate()), format.DurationCI(g.PerKB))
	if bench, ok := model.GCOf(r, rawfmt.HeapBench); ok {
		g.Table.add("the benchmark's own, as go test measures", format.Bytes(bench.Live), format.DurationCI(bench.Cycle.Estimate()), format.DurationCI(perKB(bench)))
		g.Ratio, _ = model.Ratio(service.PerByte, bench.PerByte)
	}
	c := rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: load.ArticleLarge, Codec: rawfmt.Base}
	if b, ns := model.Of(r, c, rawfmt.UnitB), model.Ns(r, c.Op, c.Fixture, c.Codec); b.Known() && ns.Known() {
		cost := service.PerByte.Estimate().Times(b.Point)
		g.Example = &gcExample{c.Codec, c.Op, c.Fixture, b.Point, ns.Point, cost, 100 * cost.V / (cost.V + ns.Point)}
	}
	return g
}

// An article is "From 5 to 50 fields": the article's Jackson figures, the
// run's documents of the same step and every codec's growth over it.
type article struct {
	Jackson          any // model.Jackson
	Growth, DocRatio float64
	Small, Large     load.Size
	Sized            bool    // both documents have their byte sizes
	SizeRatio        float64 // the large document's bytes over the small one's
	Table            Table
}

func newArticle(a *model.Analysis) article {
	j := model.Jackson
	small, large := a.Run.Sizes[load.ArticleSmall], a.Run.Sizes[load.ArticleLarge]
	out := article{Jackson: j, Growth: j.NsLarge / j.NsSmall, DocRatio: j.DocLarge / j.DocSmall, Small: small, Large: large,
		Sized: small.HasDocBytes && large.HasDocBytes, SizeRatio: large.DocBytes / small.DocBytes}
	if len(a.Article.Rows) == 0 {
		return out
	}
	t := &out.Table
	t.Cols = []string{"codec"}
	ref := []string{"Jackson, into a Map (the article)"}
	for _, op := range a.Article.Ops {
		if op == rawfmt.OpDecodeMap {
			t.Cols = append(t.Cols, ">"+op+" ns/op, 5 → 50 fields")
			ref = append(ref, format.Duration(j.NsSmall)+" → "+format.Duration(j.NsLarge), format.Ratio(out.Growth))
		} else {
			ref = append(ref, format.None)
		}
		t.Cols = append(t.Cols, ">"+op+" growth")
	}
	for _, row := range a.Article.Rows {
		cells := []string{row.Codec}
		for i, g := range row.Cells {
			if a.Article.Ops[i] == rawfmt.OpDecodeMap {
				cells = append(cells, cond(g.OK, func() string { return format.Duration(g.Small.V) + " → " + format.Duration(g.Large.V) }))
			}
			cells = append(cells, cond(g.OK, func() string { return format.RatioCI(g.Ratio) }))
		}
		t.add(cells...)
	}
	t.add(ref...)
	return out
}

// hits is "`_source` filtering against client-side projection": what
// filtering saves each codec per hit when it decodes, round-trips and
// serves the hits as an API does, against what a client can do alone.
type hits struct {
	Ops      string // the operations of the run's es-hits cells, without rows
	Pairs    []hitsPair
	Client   Table
	Footnote bool // a codec's lazy read is against the base's decode
}

// A hitsPair is one way of serving the hits without and with filtering
// (model.Pair) for every codec and hit count: decode-struct alone
// (Op decode-struct), roundtrip, and the API's decode then encode of the
// five fields (Op "").
type hitsPair struct {
	Title, Op string
	Table     Table
}

func newHits(a *model.Analysis) hits {
	h := hits{Ops: strings.Join(model.HitsOps(a.Run), ", ")}
	cols := []string{">hits", "codec", ">full, per hit", ">filtered, per hit", ">filtering saves, per hit", ">saves"}
	pairs := []hitsPair{{"Decode", rawfmt.OpDecodeStruct, Table{Cols: cols}}, {"Roundtrip", rawfmt.OpRoundtrip, Table{Cols: cols}}, {"Decode, project to five fields, encode them", "", Table{Cols: cols}}}
	h.Client.Cols = []string{">hits", "codec", ">" + rawfmt.OpDecodeStruct + ", per hit", ">`_source` filtered saves", ">" + rawfmt.OpDecodeProj + " saves", ">" + rawfmt.OpGet5 + " saves"}
	for _, row := range a.Hits {
		n := strconv.Itoa(row.Hits)
		for i, p := range []model.Pair{row.Decode, row.Roundtrip, row.API} {
			if p.Saves.OK {
				pairs[i].Table.add(n, row.Codec, format.DurationCI(p.Full), format.DurationCI(p.Filtered), format.DurationCI(p.Saves.PerHit), format.PercentCI(p.Saves.Pct))
			}
		}
		get5 := saving(row.Get5)
		if row.Get5.OK && row.Get5.Baseline != "" {
			get5, h.Footnote = get5+" †", true
		}
		h.Client.add(n, row.Codec, format.Duration(row.Full.V/float64(row.Hits)), saving(row.Decode.Saves), saving(row.Proj), get5)
	}
	h.Pairs = slices.DeleteFunc(pairs, func(p hitsPair) bool { return len(p.Table.Rows) == 0 })
	return h
}

// saving is a saving per hit and in percent.
func saving(s model.Saving) string {
	return cond(s.OK, func() string { return format.Duration(s.PerHit.V) + " · " + format.PercentCI(s.Pct) })
}

// A precision is the "Precision" section: how precisely the run measured
// each operation and fixture family, and the cells wider than
// model.WideHalfWidth.
type precision struct {
	Ops, Families, Wide Table
	// A paired run (head.Paired) measures the ratios of codecs to their
	// bases, against model.TargetMedian and model.TargetP90; Missed lists
	// the operations and families that miss them.
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
	p, paired := precision{TargetMedian: model.TargetMedian, TargetP90: model.TargetP90}, a.Run.Paired()
	if paired {
		cols[3] = ">pairs over their cell's ratio, 10th–90th"
		cols = append(cols, ">within "+format.HalfWidth(100*model.TargetMedian)+" / "+format.HalfWidth(100*model.TargetP90))
	}
	p.Ops, p.Families = Table{Cols: append([]string{"op"}, cols...)}, Table{Cols: append([]string{"family"}, cols...)}
	// row is a row of the tables: its name, cells, median and 90th-percentile
	// half-widths, the spread of its samples, the number of its cells wider
	// than model.WideHalfWidth, and whether it meets the targets, each cell
	// between mark.
	row := func(name string, o model.OpPrecision, mark string) []string {
		cells, med, p90, spread := fmt.Sprint(o.Cells), format.None, format.None, format.None
		if o.Unbounded > 0 {
			cells = fmt.Sprintf("%d (+%d without an interval)", o.Cells, o.Unbounded)
		}
		if o.Cells > 0 {
			med, p90 = format.HalfWidthOf(100*o.Median, 100*model.TargetMedian), format.HalfWidthOf(100*o.P90, 100*model.TargetP90)
		}
		if o.High > 0 {
			spread = format.Strays(o.Low, o.High)
		}
		row := []string{name, cells, med, p90, spread, fmt.Sprint(len(o.Wide))}
		if paired {
			row = append(row, format.YesNo(o.MeetsTargets()))
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
	for _, o := range a.Precision {
		p.Ops.add(row(o.Op, o, format.If(o.Op == model.AllOps, "**"))...)
	}
	for _, f := range a.Families {
		p.Families.add(row(code(f.Op), f, "")...)
	}
	wide := a.Precision[len(a.Precision)-1].Wide // model.AllOps's: every operation's
	if len(wide) == 0 {
		return p
	}
	fixtures := a.Run.FixturesOf(load.Fields)
	p.Wide.Cols = []string{"op", "codec"}
	for _, f := range fixtures {
		p.Wide.Cols = append(p.Wide.Cols, ">"+fieldCount(a.Run, f))
	}
	for _, op := range a.Run.Ops {
		for _, codec := range a.Run.CodecNames {
			row, found := []string{op, codec}, false
			for _, f := range fixtures {
				w := ""
				if i := slices.IndexFunc(wide, func(c model.WideCell) bool { return c.Cell == rawfmt.Cell{Op: op, Fixture: f, Codec: codec} }); i >= 0 {
					w, found = format.HalfWidth(100*wide[i].HalfWidth), true
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
