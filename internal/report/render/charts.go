package render

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

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A chart is one SVG file of a page, which the operation's page captions.
type chart struct {
	Op, File              string // File is the path under the page's directory
	Unit                  string // against fields; "" for the real-world throughput
	What                  string // what Unit measures
	HasFloor, HasAllocRef bool   // the chart has the floor's line, the allocation reference's
	Omitted               string // the codecs with points at 0, left out of the log axis, escaped
	Same                  string // the groups of codecs whose lines coincide, escaped
	series                []series
}

// Href is the chart's address from the operation's page.
func (c chart) Href() string { return Link{Href: "../" + c.File}.href() }

const (
	chartWidth  = 9 * vg.Inch
	chartHeight = 5 * vg.Inch
	legendGap   = vg.Length(12) // points of white between the plot and its legend, and right of the legend
)

// Palette is the charts' categorical colours, without the harness
// columns' grey; Glyphs their point shapes.
var Palette = []color.Color{
	color.RGBA{31, 119, 180, 255}, color.RGBA{255, 127, 14, 255}, color.RGBA{44, 160, 44, 255},
	color.RGBA{214, 39, 40, 255}, color.RGBA{148, 103, 189, 255}, color.RGBA{140, 86, 75, 255},
	color.RGBA{227, 119, 194, 255}, color.RGBA{188, 189, 34, 255}, color.RGBA{23, 190, 207, 255},
	color.RGBA{57, 59, 121, 255}, color.RGBA{99, 121, 57, 255}, color.RGBA{132, 60, 57, 255},
}

var (
	black = color.RGBA{0, 0, 0, 255}
	grey  = color.RGBA{127, 127, 127, 255}

	dashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)}}
	dotted = []vg.Length{vg.Points(1), vg.Points(3)}
	Glyphs = []draw.GlyphDrawer{
		draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{},
		draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{},
	}
)

// codecStyle gives a codec one look in every chart: the base black, the
// floor dashed grey, the allocation reference dotted grey, the rest by
// their position among codecs.
func codecStyle(codecs []string, codec string) (draw.LineStyle, draw.GlyphStyle) {
	i := max(0, slices.Index(slices.DeleteFunc(slices.Clone(codecs), func(c string) bool { return c == rawfmt.Base }), codec))
	line := draw.LineStyle{Color: Palette[i%len(Palette)], Width: vg.Points(1.2), Dashes: dashes[(i/len(Palette))%len(dashes)]}
	shape := Glyphs[i%len(Glyphs)]
	switch codec {
	case rawfmt.Base:
		line, shape = draw.LineStyle{Color: black, Width: vg.Points(2)}, draw.CircleGlyph{}
	case rawfmt.Floor:
		line, shape = draw.LineStyle{Color: grey, Width: vg.Points(1.5), Dashes: dashes[1]}, draw.BoxGlyph{}
	case rawfmt.AllocRef:
		line, shape = draw.LineStyle{Color: grey, Width: vg.Points(1.5), Dashes: dotted}, draw.RingGlyph{}
	}
	return line, draw.GlyphStyle{Color: line.Color, Radius: vg.Points(2.5), Shape: shape}
}

// svgOf draws p with legend l to its right, on white, and returns the SVG.
func svgOf(p *plot.Plot, l plot.Legend) ([]byte, error) {
	c := vgsvg.New(chartWidth, chartHeight)
	dc := draw.New(c)
	dc.FillPolygon(color.White, []vg.Point{dc.Min, {X: dc.Min.X, Y: dc.Max.Y}, dc.Max, {X: dc.Max.X, Y: dc.Min.Y}})
	if p.Y.Min == p.Y.Max { // one value (such as 1 allocs/op everywhere) leaves a log axis no range to tick
		p.Y.Min, p.Y.Max = p.Y.Min/2, p.Y.Max*2
	}
	l.Top, l.Left = true, true
	l.YOffs = -vg.Points(12)
	l.Padding = vg.Points(4)
	plotArea, legendArea := layout(dc, &l)
	p.Draw(plotArea)
	l.Draw(legendArea)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("writing SVG: %w", err)
	}
	return buf.Bytes(), nil
}

// layout splits c into the plot's area and, to its right, the legend's, as
// wide as its longest entry, with a gap between them that the plot's grid
// and bars do not cross.
func layout(c draw.Canvas, l *plot.Legend) (plotArea, legendArea draw.Canvas) {
	width := l.Rectangle(c).Size().X
	plotArea = draw.Crop(c, 0, -(width + 2*legendGap), 0, -vg.Points(6))
	legendArea = draw.Crop(c, c.Size().X-width-legendGap, -legendGap, 0, 0)
	return plotArea, legendArea
}

// NewPlot is a chart's plot: a title, axis labels, a grid and a log
// value axis.
func NewPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	return p
}

// charts lays out per operation ns/op and allocs/op against fields, and
// MB/s per real-world corpus: their points, and what cannot be seen in them.
func charts(r *load.Run) []chart {
	var out []chart
	for _, op := range r.Ops {
		for _, c := range []chart{
			{Op: op, Unit: rawfmt.UnitNs, File: "ns-vs-fields", What: "time per call"},
			{Op: op, Unit: rawfmt.UnitAllocs, File: "allocs-vs-fields", What: "allocations per call"},
			{Op: op, File: "realworld-mbps"},
		} {
			c.File = "charts/" + op + "-" + c.File + ".svg"
			c.HasFloor, c.HasAllocRef = r.Has(op, rawfmt.Floor), r.Has(op, rawfmt.AllocRef)
			if c.Unit == "" {
				c.series = realworldSeries(r, op)
			} else {
				fieldsSeries(r, &c)
			}
			if slices.ContainsFunc(c.series, func(s series) bool { // lines, or bars of a codec
				return c.Unit != "" || !slices.Contains([]string{rawfmt.Floor, rawfmt.AllocRef}, s.codec)
			}) {
				out = append(out, c)
			}
		}
	}
	return out
}

// A series is one column's points: y against fields, or one bar per
// real-world corpus (x its index).
type series struct {
	codec string
	pts   plotter.XYs
}

// fieldsSeries gathers c.Unit against fields for every column of c.Op,
// noting what cannot be seen: points at zero, coinciding lines.
func fieldsSeries(r *load.Run, c *chart) {
	var drawn []plotter.XYs
	var omitted, same []string
	var coincide [][]string // groups of codecs with the same points, first drawn first
	for _, codec := range r.Columns(c.Op) {
		var pts plotter.XYs
		zero := false
		for _, f := range r.FixturesOf(load.Fields) {
			s := model.Of(r, rawfmt.Cell{Op: c.Op, Fixture: f, Codec: codec}, c.Unit)
			size := r.Sizes[f]
			if !s.Known() || !size.HasFields || size.Fields <= 0 {
				continue
			}
			if y := s.Point; y > 0 {
				pts = append(pts, plotter.XY{X: size.Fields, Y: y})
			} else {
				zero = true
			}
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
			drawn, coincide = append(drawn, pts), append(coincide, []string{codec})
		}
		c.series = append(c.series, series{codec, pts})
	}
	for _, g := range coincide {
		if len(g) > 1 {
			same = append(same, escapeAll(g, " = "))
		}
	}
	c.Omitted, c.Same = escapeAll(omitted, ", "), strings.Join(same, "; ")
}

// svg draws the chart.
func (c chart) svg(r *load.Run) ([]byte, error) {
	if c.Unit == "" {
		return realworldChart(r, c)
	}
	p := NewPlot(c.Op+": "+c.What+" vs fields", "fields (scalar leaves in the document)", c.Unit)
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	l := plot.NewLegend()
	for _, s := range c.series {
		line, points, err := plotter.NewLinePoints(s.pts)
		if err != nil {
			return nil, err
		}
		line.LineStyle, points.GlyphStyle = codecStyle(r.CodecNames, s.codec)
		p.Add(line, points)
		l.Add(s.codec, line, points)
	}
	return svgOf(p, l)
}

// realworldSeries is op's MB/s per real-world corpus of every column, harness columns first.
func realworldSeries(r *load.Run, op string) []series {
	var out []series
	for _, codec := range slices.Concat(r.HarnessColumns(), r.CodecNames) {
		var pts plotter.XYs
		for i, f := range r.FixturesOf(load.Realworld) {
			if s := model.Of(r, rawfmt.Cell{Op: op, Fixture: f, Codec: codec}, rawfmt.UnitMBs); s.Known() {
				pts = append(pts, plotter.XY{X: float64(i), Y: s.Point})
			}
		}
		if len(pts) > 0 {
			out = append(out, series{codec, pts})
		}
	}
	return out
}

// realworldChart draws c's MB/s per real-world corpus as grouped bars.
func realworldChart(r *load.Run, c chart) ([]byte, error) {
	corpora := r.FixturesOf(load.Realworld)
	names := make([]string, len(corpora))
	for i, f := range corpora {
		names[i] = strings.TrimPrefix(f, load.Realworld.Prefix)
	}
	p := NewPlot(c.Op+": throughput per real-world corpus", "", "MB/s (log scale)")
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 9
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YTop
	l := plot.NewLegend()
	for i, s := range c.series {
		line, _ := codecStyle(r.CodecNames, s.codec)
		b := &logBars{name: s.codec, pts: s.pts, color: line.Color, index: i, count: len(c.series), groups: len(corpora)}
		p.Add(b)
		l.Add(b.name, b)
	}
	p.Y.Min = niceFloor(p.Y.Min)
	p.Y.Max = math.Pow(10, math.Ceil(math.Log10(p.Y.Max)))
	return svgOf(p, l)
}

// niceFloor is the largest 1, 2 or 5 times a power of ten not above x > 0.
func niceFloor(x float64) float64 {
	decade := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{5, 2} {
		if m*decade <= x {
			return m * decade
		}
	}
	return decade
}

// logBars is one codec's bars, rising from the log axis minimum, not 0.
type logBars struct {
	name                 string
	pts                  plotter.XYs // a value per group, X its index
	color                color.Color
	index, count, groups int // position of this codec within a group, codecs per group, groups
}

// groupWidth is the share of a group's space its bars fill.
const groupWidth = 0.8

func (b *logBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	w := (trX(1) - trX(0)) * groupWidth / vg.Length(b.count)
	bottom := trY(p.Y.Min)
	for _, pt := range b.pts {
		if pt.Y <= 0 {
			continue
		}
		left := trX(pt.X) - (trX(1)-trX(0))*groupWidth/2 + w*vg.Length(b.index)
		top := trY(pt.Y)
		pts := []vg.Point{{X: left, Y: bottom}, {X: left, Y: top}, {X: left + w, Y: top}, {X: left + w, Y: bottom}}
		c.FillPolygon(b.color, c.ClipPolygonXY(pts))
	}
}

func (b *logBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	ymin, ymax = math.Inf(1), math.Inf(-1)
	for _, pt := range b.pts {
		if pt.Y > 0 {
			ymin, ymax = math.Min(ymin, pt.Y), math.Max(ymax, pt.Y)
		}
	}
	return -0.5, float64(b.groups) - 0.5, ymin, ymax
}

func (b *logBars) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(b.color, []vg.Point{c.Min, {X: c.Min.X, Y: c.Max.Y}, c.Max, {X: c.Max.X, Y: c.Min.Y}})
}
