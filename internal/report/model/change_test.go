package model

import (
	"slices"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

func TestDiffs(t *testing.T) {
	// results gives every codec's cell of decode-map on fields-0050 the
	// samples v·(1, 1.01, …), in ns/op as go test reports it.
	results := func(cells map[string][]float64) []*benchfmt.Result {
		var out []*benchfmt.Result
		for codec, vals := range cells {
			name := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0050", Codec: codec}.Name()
			for _, v := range vals {
				out = append(out, &benchfmt.Result{Name: benchfmt.Name(name), Iters: 1,
					Values: []benchfmt.Value{{Value: v * 1e-9, Unit: "sec/op", OrigValue: v, OrigUnit: rawfmt.UnitNs}}})
			}
		}
		return out
	}
	six := func(v float64) []float64 { return []float64{v, v * 1.01, v * 1.02, v * 1.03, v * 1.04, v * 1.05} }
	old := results(map[string][]float64{
		"double": six(100), "half": six(100), "plus70": six(100), "same": six(100),
		"constant": {5, 5, 5, 5, 5, 5}, "few": six(100)[:3], "gone": six(100),
	})
	new := results(map[string][]float64{
		"double": six(200), "half": six(50), "plus70": six(170), "same": six(100),
		"constant": {5, 5, 5, 5, 5, 5}, "few": six(300)[:3], "added": six(100),
	})
	diffs := Diffs(old, new, []string{rawfmt.UnitNs, rawfmt.UnitB})
	if len(diffs) != 2 {
		t.Fatalf("%d diffs, want one per unit", len(diffs))
	}
	d := diffs[0]
	var changed []string
	for _, c := range d.Changed {
		changed = append(changed, c.Cell.Codec)
	}
	// Halving and doubling are the same size of effect; the cells tie in
	// the order they first appear.
	if want := []string{"double", "half", "plus70"}; !slices.Equal(changed, want) && !slices.Equal(changed, []string{"half", "double", "plus70"}) {
		t.Errorf("changed %q, want %q (or half first)", changed, want)
	}
	if d.Unchanged != 2 || d.TooFew != 1 || d.OnlyOld != 1 || d.OnlyNew != 1 {
		t.Errorf("unchanged %d, too few %d, only old %d, only new %d; want 2, 1, 1, 1", d.Unchanged, d.TooFew, d.OnlyOld, d.OnlyNew)
	}
	if c := d.Changed[len(d.Changed)-1]; !approx(c.Ratio.V, 1.7) || !c.Ratio.HasCI {
		t.Errorf("plus70 ratio %+v, want 1.7 with an interval", c.Ratio)
	}
	if b := diffs[1]; len(b.Changed)+b.Unchanged+b.TooFew+b.OnlyOld+b.OnlyNew != 0 {
		t.Errorf("B/op: %+v, want nothing: no cell has that unit", b)
	}
}
