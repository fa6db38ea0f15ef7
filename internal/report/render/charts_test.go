package render

import (
	"bytes"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
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

// The legend stands right of the plot with a gap the grid and bars do not
// cross, and ends inside the chart, however long its names.
func TestLegendClearOfPlot(t *testing.T) {
	for _, names := range [][]string{
		{"std"},
		{"floor", "encoding-json", "json-v2", "sonic-fastest", "jsoniter-fastest", "easyjson"},
		{"encoding-json", strings.Repeat("a-long-configuration-name-", 2)},
	} {
		c := draw.New(vgsvg.New(chartWidth, chartHeight))
		l := plot.NewLegend()
		for _, n := range names {
			l.Add(n, &logBars{name: n})
		}
		plotArea, legendArea := layout(c, &l)
		width := l.Rectangle(c).Size().X
		if gap := legendArea.Min.X - plotArea.Max.X; gap < legendGap {
			t.Errorf("%q: %.1f pt between the plot and its legend, want %.0f", names, gap, legendGap)
		}
		if end := legendArea.Min.X + width; end > c.Max.X {
			t.Errorf("%q: the legend ends at %.1f pt, past the chart's %.1f", names, end, c.Max.X)
		}
		if plotArea.Size().X < c.Size().X/2 {
			t.Errorf("%q: the plot keeps %.1f of %.1f pt", names, plotArea.Size().X, c.Size().X)
		}
	}
}
