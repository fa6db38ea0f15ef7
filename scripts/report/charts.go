package main

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// chart is one SVG file of the report.
type chart struct {
	file    string // path under the machine directory
	alt     string // alt text
	caption string
	svg     []byte
}

const (
	chartWidth  = 9 * vg.Inch
	chartHeight = 5 * vg.Inch
	legendWidth = 1.9 * vg.Inch
)

// palette is a categorical palette without grey, which marks the floor.
var palette = []color.Color{
	color.RGBA{31, 119, 180, 255},
	color.RGBA{255, 127, 14, 255},
	color.RGBA{44, 160, 44, 255},
	color.RGBA{214, 39, 40, 255},
	color.RGBA{148, 103, 189, 255},
	color.RGBA{140, 86, 75, 255},
	color.RGBA{227, 119, 194, 255},
	color.RGBA{188, 189, 34, 255},
	color.RGBA{23, 190, 207, 255},
	color.RGBA{57, 59, 121, 255},
	color.RGBA{99, 121, 57, 255},
	color.RGBA{132, 60, 57, 255},
}

var (
	black = color.RGBA{0, 0, 0, 255}
	grey  = color.RGBA{127, 127, 127, 255}

	dashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)}}
	glyphs = []draw.GlyphDrawer{
		draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{},
		draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{},
	}
)

// codecStyle gives a codec the same look in every chart: the base solid black, the floor dashed
// grey, every other codec its own colour, dash and glyph by its position in the codec order.
func codecStyle(codecs []string, codec string) (draw.LineStyle, draw.GlyphStyle) {
	switch codec {
	case baseCodec:
		return draw.LineStyle{Color: black, Width: vg.Points(2)},
			draw.GlyphStyle{Color: black, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
	case floorCodec:
		return draw.LineStyle{Color: grey, Width: vg.Points(1.5), Dashes: dashes[1]},
			draw.GlyphStyle{Color: grey, Radius: vg.Points(2.5), Shape: draw.BoxGlyph{}}
	}
	i := 0
	for _, c := range codecs {
		if c == codec {
			break
		}
		if c != baseCodec && c != floorCodec {
			i++
		}
	}
	clr := palette[i%len(palette)]
	return draw.LineStyle{Color: clr, Width: vg.Points(1.2), Dashes: dashes[(i/len(palette))%len(dashes)]},
		draw.GlyphStyle{Color: clr, Radius: vg.Points(2.5), Shape: glyphs[i%len(glyphs)]}
}

// render draws p with legend l to its right and returns the SVG.
func render(p *plot.Plot, l plot.Legend) ([]byte, error) {
	c := vgsvg.New(chartWidth, chartHeight)
	dc := draw.New(c)
	p.Draw(draw.Crop(dc, 0, -legendWidth, 0, -vg.Points(6)))
	l.Top, l.Left = true, true
	l.YOffs = -vg.Points(12)
	l.Padding = vg.Points(4)
	l.Draw(draw.Crop(dc, chartWidth-legendWidth, 0, 0, 0))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("writing SVG: %w", err)
	}
	return buf.Bytes(), nil
}

func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	return p
}

// buildCharts draws, per operation, the unit against fields over fields-* and the real-world
// throughput.
func buildCharts(rd *runData) ([]chart, error) {
	var charts []chart
	for _, op := range rd.ops {
		for _, spec := range []struct{ unit, file, what string }{
			{unitNs, "ns-vs-fields", "time per call"},
			{unitAllocs, "allocs-vs-fields", "allocations per call"},
		} {
			svg, notes, err := fieldsChart(rd, op, spec.unit, spec.what)
			if err != nil {
				return nil, fmt.Errorf("chart %s %s: %w", op, spec.unit, err)
			}
			if svg == nil {
				continue
			}
			caption := fmt.Sprintf("%s: %s (%s) against fields over the %s documents, medians, log-log.", op, spec.what, spec.unit, famFields.label())
			for _, n := range notes {
				caption += " " + n
			}
			charts = append(charts, chart{
				file:    "charts/" + op + "-" + spec.file + ".svg",
				alt:     op + " " + spec.unit + " against fields",
				caption: caption,
				svg:     svg,
			})
		}
		svg, floor, err := realworldChart(rd, op)
		if err != nil {
			return nil, fmt.Errorf("chart %s real-world: %w", op, err)
		}
		if svg != nil {
			caption := fmt.Sprintf("%s: throughput per real-world corpus (MB/s of document, medians, log scale).", op)
			if floor {
				caption += fmt.Sprintf(" %s, copying the same bytes, is the floor.", floorCodec)
			}
			charts = append(charts, chart{
				file:    "charts/" + op + "-realworld-mbps.svg",
				alt:     op + " MB/s per real-world corpus",
				caption: caption,
				svg:     svg,
			})
		}
	}
	return charts, nil
}

// fieldsChart draws unit against fields for every codec of op over the fields-* fixtures. It
// returns sentences for the caption on what the reader cannot see (points at zero, lines drawn on
// top of each other), and no SVG when there is nothing to draw.
func fieldsChart(rd *runData, op, unit, what string) (svg []byte, notes []string, err error) {
	p := newPlot(op+": "+what+" vs fields", "fields (scalar leaves in the document)", unit)
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	l := plot.NewLegend()
	var omitted []string
	var drawn []plotter.XYs
	var coincide [][]string // groups of codecs with the same points, first drawn first
	for _, codec := range rd.codecs {
		var pts plotter.XYs
		zero := false
		for _, f := range rd.fixturesOf(famFields) {
			s := rd.samples(op, f, codec, unit)
			fi := rd.sizes[f]
			if len(s) == 0 || !fi.hasFields || fi.fields <= 0 {
				continue
			}
			y := median(s)
			if y <= 0 {
				zero = true
				continue
			}
			pts = append(pts, plotter.XY{X: fi.fields, Y: y})
		}
		if zero {
			omitted = append(omitted, codec)
		}
		if len(pts) == 0 {
			continue
		}
		slices.SortFunc(pts, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) })
		if i := slices.IndexFunc(drawn, func(d plotter.XYs) bool { return slices.Equal(d, pts) }); i >= 0 {
			coincide[i] = append(coincide[i], codec)
		} else {
			drawn = append(drawn, pts)
			coincide = append(coincide, []string{codec})
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, nil, err
		}
		line.LineStyle, points.GlyphStyle = codecStyle(rd.codecs, codec)
		p.Add(line, points)
		l.Add(codec, line, points)
	}
	if len(drawn) == 0 {
		return nil, nil, nil
	}
	if len(omitted) > 0 {
		notes = append(notes, fmt.Sprintf("Points at 0 %s cannot sit on a log axis and are left out (%s).", unit, strings.Join(omitted, ", ")))
	}
	var same []string
	for _, g := range coincide {
		if len(g) > 1 {
			same = append(same, strings.Join(g, " = "))
		}
	}
	if len(same) > 0 {
		notes = append(notes, fmt.Sprintf("Identical lines hide each other: %s.", strings.Join(same, "; ")))
	}
	svg, err = render(p, l)
	return svg, notes, err
}

// realworldChart draws MB/s per real-world corpus for every codec of op, as grouped bars on a log
// axis, the floor first. It reports whether the floor is drawn, and returns no SVG when op has no
// real-world cell.
func realworldChart(rd *runData, op string) (svg []byte, floor bool, err error) {
	corpora := rd.fixturesOf(famRealworld)
	var bars []*logBars
	for _, codec := range rd.codecs {
		b := &logBars{values: make([]float64, len(corpora))}
		found := false
		for i, f := range corpora {
			s := rd.samples(op, f, codec, unitMBs)
			if codec == floorCodec && len(s) == 0 {
				s = rd.floorSamples(f)
			}
			if len(s) > 0 {
				b.values[i], found = median(s), true
			}
		}
		if !found {
			continue
		}
		b.name = codec
		line, _ := codecStyle(rd.codecs, codec)
		b.color = line.Color
		if codec == floorCodec {
			bars = slices.Insert(bars, 0, b)
		} else {
			bars = append(bars, b)
		}
	}
	floor = len(bars) > 0 && bars[0].name == floorCodec
	if len(bars) == 0 || (len(bars) == 1 && floor) {
		return nil, false, nil
	}
	names := make([]string, len(corpora))
	for i, f := range corpora {
		names[i] = strings.TrimPrefix(f, famRealworld.prefix)
	}
	p := newPlot(op+": throughput per real-world corpus", "", "MB/s (log scale)")
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 9
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YTop
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	l := plot.NewLegend()
	lo, hi := math.Inf(1), 0.0
	for i, b := range bars {
		b.index, b.count, b.groups = i, len(bars), len(corpora)
		p.Add(b)
		l.Add(b.name, b)
		for _, v := range b.values {
			if v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	p.Y.Min = niceFloor(lo)
	p.Y.Max = math.Pow(10, math.Ceil(math.Log10(hi)))
	svg, err = render(p, l)
	return svg, floor, err
}

// niceFloor is the largest 1, 2 or 5 times a power of ten not above x > 0: where bars rising on a
// log axis start.
func niceFloor(x float64) float64 {
	decade := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{5, 2} {
		if m*decade <= x {
			return m * decade
		}
	}
	return decade
}

// floorSamples returns the floor's MB/s on a fixture from the first operation that has it: copying
// the bytes does not depend on the operation.
func (rd *runData) floorSamples(fixture string) []float64 {
	for _, op := range rd.ops {
		if s := rd.samples(op, fixture, floorCodec, unitMBs); len(s) > 0 {
			return s
		}
	}
	return nil
}

// logBars is one codec's bars in a grouped bar chart whose value axis is logarithmic: each bar rises
// from the axis minimum, which plotter.BarChart (rising from 0) cannot do on a log scale.
type logBars struct {
	name                 string
	values               []float64 // one per group; 0 when missing
	color                color.Color
	index, count, groups int // position of this codec within a group, codecs per group, groups
}

// groupWidth is the share of the space between groups the bars of one group fill.
const groupWidth = 0.8

func (b *logBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	w := (trX(1) - trX(0)) * groupWidth / vg.Length(b.count)
	bottom := trY(p.Y.Min)
	for g, v := range b.values {
		if v <= 0 {
			continue
		}
		left := trX(float64(g)) - (trX(1)-trX(0))*groupWidth/2 + w*vg.Length(b.index)
		top := trY(v)
		pts := []vg.Point{{X: left, Y: bottom}, {X: left, Y: top}, {X: left + w, Y: top}, {X: left + w, Y: bottom}}
		c.FillPolygon(b.color, c.ClipPolygonXY(pts))
	}
}

func (b *logBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	ymin, ymax = math.Inf(1), math.Inf(-1)
	for _, v := range b.values {
		if v > 0 {
			ymin, ymax = math.Min(ymin, v), math.Max(ymax, v)
		}
	}
	return -0.5, float64(b.groups) - 0.5, ymin, ymax
}

func (b *logBars) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}}
	c.FillPolygon(b.color, pts)
}
