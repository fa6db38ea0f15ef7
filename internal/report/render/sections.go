package render

import (
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
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

// A method is "How these numbers are made": what the run's rounds hold and
// which consistency checks passed.
type method struct {
	Passes int    // the samples a round took of each fields-* cell
	Passed string // the checks that passed, with their pairs
}

func newMethod(a *model.Analysis) method {
	m := method{Passes: a.Run.FieldsPasses()}
	var passed []string
	for _, c := range a.Checks {
		if c.Checked > 0 && len(c.Failed) == 0 {
			passed = append(passed, c.Rule+" ("+format.Plural(c.Checked, "pair")+")")
		}
	}
	m.Passed = strings.Join(passed, "; ")
	return m
}
