package httppage

import (
	"bytes"
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/jsoncost/jsoncost/internal/httpbench"
)

// ChartFile is the name of the latency chart of load l.
func ChartFile(l httpbench.Load) string { return "latency-" + l.String() + ".svg" }

// ChartGlob matches the name of every latency chart.
const ChartGlob = "latency-*.svg"

var palette = []color.Color{color.RGBA{0, 0, 0, 255}, // the base
	color.RGBA{31, 119, 180, 255}, color.RGBA{255, 127, 14, 255}, color.RGBA{44, 160, 44, 255}, color.RGBA{214, 39, 40, 255},
	color.RGBA{148, 103, 189, 255}, color.RGBA{140, 86, 75, 255}, color.RGBA{227, 119, 194, 255}, color.RGBA{188, 189, 34, 255},
	color.RGBA{23, 190, 207, 255}}

var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{},
}

// Chart draws the median latency percentiles of every scenario at load l, on a log axis, as SVG.
func Chart(run *Run, l httpbench.Load) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "Latency percentiles at " + loadLabel(l) + " (medians over rounds)"
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = "percentile of the requests of a cell"
	p.Y.Label.Text = "latency (ms, log scale)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	p.NominalX("p50", "p90", "p99", "p99.9")
	legend := plot.NewLegend()
	i := 0
	for _, c := range run.at(l) {
		var pts plotter.XYs
		for x, m := range speed[1:] { // the percentiles
			if y := run.summary(c, m.unit).V * 1e-6; y > 0 {
				pts = append(pts, plotter.XY{X: float64(x), Y: y})
			}
		}
		if len(pts) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, fmt.Errorf("chart of %s: %w", l, err)
		}
		clr := palette[i%len(palette)]
		line.LineStyle = draw.LineStyle{Color: clr, Width: vg.Points(1.5)}
		if i == 0 {
			line.LineStyle.Width = vg.Points(2.5)
		}
		points.GlyphStyle = draw.GlyphStyle{Color: clr, Radius: vg.Points(3), Shape: glyphs[i%len(glyphs)]}
		p.Add(line, points)
		legend.Add(c.Scenario.Name, line, points)
		i++
	}
	p.X.Min, p.X.Max = -0.3, float64(len(speed)-1)-0.7 // room for the first and last label
	const width, height, legendWidth = 8 * vg.Inch, 5 * vg.Inch, 1.7 * vg.Inch
	c := vgsvg.New(width, height)
	dc := draw.New(c)
	p.Draw(draw.Crop(dc, 0, -legendWidth, 0, 0))
	legend.Top, legend.Left = true, true
	legend.YOffs = -vg.Points(24)
	legend.Draw(draw.Crop(dc, width-legendWidth+vg.Points(6), 0, 0, 0))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("chart of %s: %w", l, err)
	}
	return buf.Bytes(), nil
}

// Files returns the whole report of run: README.md and the charts.
func Files(run *Run, machine string) (map[string][]byte, error) {
	page, err := Page(run, machine, true)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{"README.md": page}
	for _, l := range run.Loads() {
		svg, err := Chart(run, l)
		if err != nil {
			return nil, err
		}
		files[ChartFile(l)] = svg
	}
	return files, nil
}
