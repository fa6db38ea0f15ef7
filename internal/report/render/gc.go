package render

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A gcCost is "GC cost": the CPU time of a collection and per allocated KB
// at the run's service heap and at the benchmark's own small heap, and
// what that adds to an operation that allocates.
type gcCost struct {
	Service string         // the service heap's name, such as 64MiB
	Table   Table          // per heap: its live bytes, a collection's CPU time, a KB's
	PerKB   model.Estimate // ns of collection per KB allocated at the service heap
	Ratio   model.Estimate // the service heap's cost per byte over the benchmark heap's
	Example *gcExample
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
	perKB := func(c model.GCCost) model.Estimate {
		return model.Derive([]model.Sample{c.PerByte}, func(v []float64) float64 { return v[0] * model.BytesPerKB })
	}
	g.PerKB = perKB(service)
	g.Table.add(service.Heap+", a service's", format.Bytes(service.Live), format.DurationCI(service.Cycle.Estimate()), format.DurationCI(g.PerKB))
	if bench, ok := model.GCOf(r, rawfmt.HeapBench); ok {
		g.Table.add("the benchmark's own, as go test measures", format.Bytes(bench.Live), format.DurationCI(bench.Cycle.Estimate()), format.DurationCI(perKB(bench)))
		g.Ratio, _ = model.Ratio(service.PerByte, bench.PerByte)
	}
	c := rawfmt.Cell{Op: load.OpDecodeStruct, Fixture: load.ArticleLarge, Codec: rawfmt.Base}
	if b, ns := model.Of(r, c, rawfmt.UnitB), model.Ns(r, c.Op, c.Fixture, c.Codec); b.Known() && ns.Known() {
		cost := model.Derive([]model.Sample{service.PerByte}, func(v []float64) float64 { return v[0] * b.Point })
		g.Example = &gcExample{c.Codec, c.Op, c.Fixture, b.Point, ns.Point, cost, 100 * cost.V / (cost.V + ns.Point)}
	}
	return g
}
