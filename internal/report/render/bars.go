package render

import (
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

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
		b := &logBars{name: s.codec, values: make([]float64, len(corpora)), color: line.Color, index: i, count: len(c.series), groups: len(corpora)}
		for _, pt := range s.pts {
			b.values[int(pt.X)] = pt.Y
		}
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
	values               []float64 // one per group; 0 when missing
	color                color.Color
	index, count, groups int // position of this codec within a group, codecs per group, groups
}

// groupWidth is the share of a group's space its bars fill.
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
	c.FillPolygon(b.color, []vg.Point{c.Min, {X: c.Min.X, Y: c.Max.Y}, c.Max, {X: c.Max.X, Y: c.Min.Y}})
}
