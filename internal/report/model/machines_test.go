package model

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
)

// loadMachine is loadCells's run of decode-map with a go line.
func loadMachine(t *testing.T, goVersion string, ns map[string]map[string]float64) *load.Run {
	t.Helper()
	r := loadCells(t, ns)
	r.Config = append(r.Config, load.Config{Key: rawfmt.KeyGo, Value: goVersion})
	return r
}

// Two machines: the same order everywhere but at fields-0050, where the
// second puts b and c ahead of a, and fields-0500, where b passes a within
// a tie on the second machine;
// only the second ran d, only the first fields-0002; c leads the base by
// more on the second machine at fields-1000.
func TestCompareMachines(t *testing.T) {
	first := map[string]map[string]float64{}
	second := map[string]map[string]float64{}
	for _, n := range []float64{2, 5, 10, 50, 500, 1000} {
		f := fmt.Sprintf("fields-%04.0f", n)
		first[f] = map[string]float64{rawfmt.Base: 1000 * n, "a": 100 * n, "b": 300 * n, "c": 600 * n}
		if n != 2 {
			second[f] = map[string]float64{rawfmt.Base: 2000 * n, "a": 200 * n, "b": 600 * n, "c": 1200 * n, "d": 10 * n}
		}
	}
	// The second machine runs b, c, a at fields-0050, and b just ahead of a, within a tie, at fields-0500.
	second["fields-0050"]["a"], second["fields-0050"]["b"], second["fields-0050"]["c"] = 700*50, 150*50, 300*50
	second["fields-0500"]["a"], second["fields-0500"]["b"] = 202*500, 201*500
	second["fields-1000"]["c"] = 700 * 1000
	a, b := loadMachine(t, "go1.26.8", first), loadMachine(t, "go1.27.3", second)
	a.Instr = loadtest.Load(t, rawfmt.KindInstr, instrText(map[string]map[string]float64{
		"fields-0005": {rawfmt.Base: 9000, "a": 1000, "b": 3000, "c": 6000},
		"fields-0050": {rawfmt.Base: 90000, "a": 10000, "b": 30000, "c": 60000},
	}))

	f := CompareMachines([]string{"one", "two"}, []*load.Run{a, b})
	if len(f.Ops) != 1 || f.Ops[0].Op != rawfmt.OpDecodeMap {
		t.Fatalf("ops %+v, want decode-map alone", f.Ops)
	}
	o := f.Ops[0]
	if want := []string{"a", "b", "c", rawfmt.Base}; !slices.Equal(sorted(o.Codecs), want) {
		t.Errorf("codecs %q, want those both ran: %q", o.Codecs, want)
	}
	if len(o.Fixtures) != 5 || slices.Contains(o.Fixtures, "fields-0002") {
		t.Errorf("fixtures %q, want the five both ran", o.Fixtures)
	}

	if len(o.Pairs) != 1 {
		t.Fatalf("pairs %+v, want one", o.Pairs)
	}
	p := o.Pairs[0].Agreement
	if p.Cells != 20 || p.Fixtures != 5 || p.Median != 1 || p.LeastFixture != "fields-0050" || math.Abs(p.Least-0.4) > 1e-12 {
		t.Errorf("agreement %+v, want 20 cells, a median of 1 over 5 fixtures and the least, 0.4, at fields-0050", p)
	}

	var flips []string
	for _, fl := range o.Flips {
		flips = append(flips, fmt.Sprintf("%s:%s/%s:%t", fl.Fixture, fl.Winners[0].Codec, fl.Winners[1].Codec, fl.Clear()))
	}
	if want := []string{"fields-0050:a/b:true", "fields-0500:a/b:false"}; !slices.Equal(sorted(flips), want) {
		t.Errorf("flips %q, want %q", flips, want)
	}

	var tables []string
	for _, rt := range o.Ratios {
		tables = append(tables, rt.Fixture)
		if rt.Ref != rawfmt.Base || len(rt.Rows) != len(o.Codecs) {
			t.Errorf("%s: ref %q with %d rows, want %s with %d", rt.Fixture, rt.Ref, len(rt.Rows), rawfmt.Base, len(o.Codecs))
		}
		for _, row := range rt.Rows {
			wantApart := rt.Fixture == "fields-1000" && row.Codec == "c" || rt.Fixture == "fields-0050" && row.Codec != rawfmt.Base
			if row.Apart != wantApart || len(row.Ratios) != 2 {
				t.Errorf("%s/%s: %+v, want apart %t", rt.Fixture, row.Codec, row, wantApart)
			}
		}
	}
	if want := []string{"fields-0005", "fields-0050", "fields-1000"}; !slices.Equal(sorted(tables), want) {
		t.Errorf("ratio tables at %q, want the marks %q", tables, want)
	}
	c := o.Ratios[slices.IndexFunc(o.Ratios, func(rt RatioTable) bool { return rt.Fixture == "fields-1000" })].Rows
	if got := c[slices.IndexFunc(c, func(r RatioRow) bool { return r.Codec == "c" })].Ratios; math.Abs(got[0].V-0.6) > 0.01 || math.Abs(got[1].V-0.35) > 0.01 {
		t.Errorf("c at fields-1000: %+v, want 0.6 and 0.35", got)
	}

	if m := f.Machines[0]; len(m.Instr) != 1 || m.Instr[0].Op != rawfmt.OpDecodeMap || m.Instr[0].Fixtures != 2 || m.Instr[0].Median != 1 {
		t.Errorf("instruction agreement of one: %+v, want decode-map, ρ 1 within both fixtures", m.Instr)
	}
	if len(f.Machines[1].Instr) != 0 {
		t.Errorf("two has no instruction count, yet %+v", f.Machines[1].Instr)
	}
}

// An operation one machine alone ran is not compared.
func TestCompareMachinesNeedsTwo(t *testing.T) {
	r := loadMachine(t, "go1.27.3", map[string]map[string]float64{"fields-0005": {rawfmt.Base: 10, "a": 5, "b": 7}})
	if f := CompareMachines([]string{"one"}, []*load.Run{r}); len(f.Ops) != 0 || len(f.Machines) != 1 {
		t.Errorf("one machine: %+v, want it listed and no operation compared", f)
	}
}

func sorted(s []string) []string { return slices.Sorted(slices.Values(s)) }
