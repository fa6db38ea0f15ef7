package render

import (
	"bytes"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// A log value axis whose points all hold one value (every encode at 1 allocs/op, as on encoding/json's v2 engine)
// still draws: the axis gets a range around the value.
func TestChartOfOneValue(t *testing.T) {
	p := NewPlot("encode-struct: allocs/op vs fields", "fields", "allocs/op")
	p.X.Scale = plot.LogScale{}
	line, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 1}, {X: 10, Y: 1}, {X: 100, Y: 1}})
	if err != nil {
		t.Fatal(err)
	}
	p.Add(line)
	svg, err := svgOf(p, plot.NewLegend())
	if err != nil || !bytes.Contains(svg, []byte("<svg")) {
		t.Fatalf("svgOf = %d bytes, %v", len(svg), err)
	}
}
