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

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// ChartFile is the name of the latency chart of load l.
func ChartFile(l rawfmt.HTTPLoad) string { return "latency-" + l.String() + ".svg" }

// ChartGlob matches the name of every chart: the latency charts and the flame graphs.
const ChartGlob = "*.svg"

// palette is the base's black, then the report's first nine colours.
var palette = append([]color.Color{color.RGBA{0, 0, 0, 255}}, render.Palette[:9]...)

// Chart draws the median latency percentiles of every scenario at load l, on a log axis, as SVG.
func Chart(run *Run, l rawfmt.HTTPLoad) ([]byte, error) {
	p := render.NewPlot("Latency percentiles at "+loadLabel(l)+" (medians over rounds)", "percentile of the requests of a cell", "latency (ms, log scale)")
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
		points.GlyphStyle = draw.GlyphStyle{Color: clr, Radius: vg.Points(3), Shape: render.Glyphs[i%len(render.Glyphs)]}
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

// Files returns the whole report of run: README.md, the charts and the flame graphs of flameScenarios
// at the run's first load.
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
	t, first := run.table(), run.Loads()[0]
	for _, name := range flameScenarios {
		if p := run.Profiles[name]; p != nil {
			title := fmt.Sprintf("API server CPU, scenario %s at %s, every round", name, loadLabel(first))
			files[FlameFile(name, first.String())] = Flame(p, t, inCell(rawfmt.HTTPCell{Load: first}, 0), title)
		}
	}
	return files, nil
}
