package model

import (
	"iter"
	"math"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// An Analysis is everything the report computes from one run.
type Analysis struct {
	Run        *load.Run
	Model      []Row
	Article    ArticleTable
	Hits       []HitsRow
	Harness    Harness
	UnderFloor []FloorCell
	Fastest    []Fastest
	Precision  []OpPrecision // of the fields-* cells, by operation
	Spread     Spread        // where a paired run's intervals come from
	HasSpread  bool
	Families   []OpPrecision // by fixture family, over every operation
	Overall    OpPrecision   // of every codec cell, all operations on all fixtures
	Instr      []InstrOp     // of Run.Instr

	Checks  []Check
	Verdict Verdict // on the codec cells of Overall
}

// Publishes reports whether the page may state findings: every check passed
// and the codec cells are precise enough to rank (Verdict).
func (a *Analysis) Publishes() bool { return a.Verdict.Ranks() && len(Failed(a.Checks)) == 0 }

// RunVerdict is the verdict on r's codec cells, the one Analyze gives.
func RunVerdict(r *load.Run) Verdict {
	_, v := overall(r)
	return v
}

func overall(r *load.Run) (OpPrecision, Verdict) {
	p, spread, _ := Overall(r)
	return p, Verdict{Cells: p.Cells, Unbounded: p.Unbounded, Spread: spread}
}

// Analyze computes the analysis of a run.
func Analyze(r *load.Run) *Analysis {
	a := &Analysis{
		Run:        r,
		Model:      CostModel(r),
		Article:    Article(r),
		Hits:       Hits(r),
		Harness:    HarnessCost(r),
		UnderFloor: UnderFloor(r),
		Precision:  Precise(r),
		Families:   PreciseFamilies(r),
		Checks:     Consistency(r),
	}
	a.Overall, a.Verdict = overall(r)
	a.Spread, a.HasSpread = SpreadOf(r, a.Precision)
	if r.Instr != nil {
		a.Instr = Instructions(r, r.Instr)
	}
	for _, op := range []string{rawfmt.OpDecodeStruct, rawfmt.OpDecodeMap, rawfmt.OpEncodeStruct, rawfmt.OpRoundtrip} {
		if f, ok := fastest(r, op, load.ArticleLarge); ok {
			a.Fastest = append(a.Fastest, f)
		}
	}
	return a
}

// Fastest is the fastest codec of an operation on a fixture, against the
// base, by what each costs a service (Charged): with GC where the run timed
// collection (GC).
type Fastest struct {
	Op, Fixture string
	Codec       string // "" when no codec is faster than the base
	Base, Best  float64
	Speedup     Estimate // the base's time over the codec's
	Clear       bool     // the speedup's interval leaves out 1
	GC          bool
}

func fastest(r *load.Run, op, fixture string) (Fastest, bool) {
	base, gc := Charged(r, rawfmt.Cell{Op: op, Fixture: fixture, Codec: rawfmt.Base})
	if !base.Known() {
		return Fastest{}, false
	}
	f := Fastest{Op: op, Fixture: fixture, Base: base.Point, Best: base.Point, GC: gc}
	_, ranked := Standings(r, op, fixture)
	if i := slices.IndexFunc(ranked, func(s Standing) bool { return s.Codec != rawfmt.Base }); i >= 0 {
		if best, _ := Charged(r, rawfmt.Cell{Op: op, Fixture: fixture, Codec: ranked[i].Codec}); best.Point < f.Base {
			f.Codec, f.Best = ranked[i].Codec, best.Point
			f.Speedup, _ = Ratio(base, best)
			f.Clear = Differs(f.Speedup)
		}
	}
	return f, true
}

// Jackson is the article's micro test (seeds/003): Jackson decoding a
// 5-field and a 50-field document into a Map.
var Jackson = struct {
	FieldsSmall, FieldsLarge float64
	NsSmall, NsLarge         float64 // ns/op
	DocSmall, DocLarge       float64 // document bytes
}{FieldsSmall: 5, FieldsLarge: 50, NsSmall: 407, NsLarge: 3679, DocSmall: 226, DocLarge: 2331}

// Growth is how a cell grows from load.ArticleSmall to load.ArticleLarge.
type Growth struct {
	Small, Large Estimate // ns/op
	Ratio        Estimate
	OK           bool
}

// An ArticleRow is one codec's growth per ArticleTable.Ops.
type ArticleRow struct {
	Codec string
	Cells []Growth
}

// An ArticleTable is the 5 → 50 fields comparison with the article.
type ArticleTable struct {
	Ops  []string // the article's operations present in the run
	Rows []ArticleRow
}

// Article compares load.ArticleLarge with load.ArticleSmall.
func Article(r *load.Run) ArticleTable {
	var t ArticleTable
	for _, op := range []string{rawfmt.OpDecodeMap, rawfmt.OpDecodeStruct, rawfmt.OpDecodeProj, rawfmt.OpRoundtrip} {
		if slices.Contains(r.Ops, op) {
			t.Ops = append(t.Ops, op)
		}
	}
	for _, codec := range r.CodecNames {
		row := ArticleRow{Codec: codec, Cells: make([]Growth, len(t.Ops))}
		for i, op := range t.Ops {
			small, large := Ns(r, op, load.ArticleSmall, codec), Ns(r, op, load.ArticleLarge, codec)
			if !small.Known() || !large.Known() {
				continue
			}
			ratio, ok := Ratio(large, small)
			row.Cells[i] = Growth{Small: small.Estimate(), Large: large.Estimate(), Ratio: ratio, OK: ok}
		}
		if slices.ContainsFunc(row.Cells, func(g Growth) bool { return g.OK }) {
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// cells yields the cells of ops × fixtures × codecs, in that order.
func cells(ops, fixtures, codecs []string) iter.Seq[rawfmt.Cell] {
	return func(yield func(rawfmt.Cell) bool) {
		for _, op := range ops {
			for _, f := range fixtures {
				for _, codec := range codecs {
					if !yield(rawfmt.Cell{Op: op, Fixture: f, Codec: codec}) {
						return
					}
				}
			}
		}
	}
}

// Harness compares the harness's own cost with the cheapest cells.
type Harness struct {
	Noop, NoopAllocs Estimate // not Known without the noop cell

	Cheapest      rawfmt.Cell // the cheapest cell, the harness columns' included
	CheapestNs    Estimate
	CheapestCodec rawfmt.Cell // the cheapest codec cell
	CheapestCodNs Estimate
}

// HarnessCost summarises the noop cell and finds the cheapest cells.
func HarnessCost(r *load.Run) Harness {
	h := Harness{Noop: Of(r, r.Noop, rawfmt.UnitNs).Estimate(), NoopAllocs: Summarize(r.Samples(r.Noop, rawfmt.UnitAllocs))}
	best, bestCodec := math.Inf(1), math.Inf(1)
	for _, op := range r.Ops {
		for c := range cells([]string{op}, r.Fixtures, r.Columns(op)) {
			s := Of(r, c, rawfmt.UnitNs)
			if !s.Known() {
				continue
			}
			if s.Point < best {
				best, h.Cheapest, h.CheapestNs = s.Point, c, s.Estimate()
			}
			if !c.Harness() && s.Point < bestCodec {
				bestCodec, h.CheapestCodec, h.CheapestCodNs = s.Point, c, s.Estimate()
			}
		}
	}
	return h
}

// A FloorCell is a codec cell whose median is below the floor's.
type FloorCell struct {
	Cell         rawfmt.Cell
	Codec, Floor Estimate // ns/op
	Ratio        Estimate // the codec's time over the floor's
}

// UnderFloor lists the codec cells faster than rawfmt.Floor, in report order.
func UnderFloor(r *load.Run) []FloorCell {
	var out []FloorCell
	for c := range cells(r.Ops, r.Fixtures, r.CodecNames) {
		floor := Ns(r, c.Op, c.Fixture, rawfmt.Floor)
		s := Of(r, c, rawfmt.UnitNs)
		if !floor.Known() || !s.Known() || s.Point >= floor.Point {
			continue
		}
		ratio, _ := Ratio(s, floor)
		out = append(out, FloorCell{Cell: c, Codec: s.Estimate(), Floor: floor.Estimate(), Ratio: ratio})
	}
	return out
}
