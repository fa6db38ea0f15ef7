package httppage

import (
	"bytes"
	"cmp"
	"fmt"
	"html"
	"image/color"
	"slices"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// FlameFile is the name of the flame graph of a scenario at load l.
func FlameFile(scenario string, l string) string { return "flame-" + scenario + "-" + l + ".svg" }

// The flame graph's geometry, in pixels; frames narrower than minFrame are not drawn.
const (
	flameWidth, rowHeight, maxRows = 1200.0, 16.0, 48
	minFrame, charWidth            = 0.5, 6.6
)

// classColors colour a frame by the class most of its samples are in.
var classColors = [cpuprofile.NumClasses]color.Color{render.Palette[0], render.Palette[1], render.Palette[2], render.Palette[3],
	color.RGBA{0xbb, 0xbb, 0xbb, 0xff}}

type flameNode struct {
	name     string
	value    float64
	class    [cpuprofile.NumClasses]float64
	children []*flameNode
}

func (n *flameNode) child(name string) *flameNode {
	if i := slices.IndexFunc(n.children, func(c *flameNode) bool { return c.name == name }); i >= 0 {
		return n.children[i]
	}
	c := &flameNode{name: name}
	n.children = append(n.children, c)
	return c
}

// Flame draws the samples of p that keep accepts as an icicle flame graph (roots on top), each frame
// as wide as its CPU and coloured by the class most of its samples are in, as SVG.
func Flame(p *profile.Profile, t cpuprofile.Table, keep func(*profile.Sample) bool, title string) []byte {
	vi := cpuprofile.ValueIndex(p)
	root, depth := &flameNode{name: "all"}, 0
	for _, s := range p.Sample {
		if !keep(s) {
			continue
		}
		v, class := float64(s.Value[vi]), t.ClassOf(s)
		fns := cpuprofile.Frames(s)
		n := root
		n.value += v
		n.class[class] += v
		depth = max(depth, min(len(fns), maxRows))
		for i := len(fns) - 1; i >= 0; i-- {
			n = n.child(fns[i])
			n.value += v
			n.class[class] += v
		}
	}
	var b bytes.Buffer
	top := 40.0
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" font-family="sans-serif" font-size="11">`+"\n",
		flameWidth, top+rowHeight*float64(depth+1))
	fmt.Fprintf(&b, `<text x="4" y="16" font-size="14">%s</text>`+"\n", html.EscapeString(title))
	x := 4.0
	for c := range cpuprofile.NumClasses {
		label := fmt.Sprintf("%s %s", c, format.Percent(100*root.class[c]/root.value))
		fmt.Fprintf(&b, `<rect x="%.1f" y="24" width="10" height="10" fill="%s"/><text x="%.1f" y="33">%s</text>`+"\n", x, hex(classColors[c]), x+14, html.EscapeString(label))
		x += 14 + charWidth*float64(len(label)) + 16
	}
	scale := flameWidth / root.value
	var draw func(n *flameNode, x0 float64, depth int)
	draw = func(n *flameNode, x0 float64, depth int) {
		w := n.value * scale
		if w < minFrame || depth > maxRows {
			return
		}
		y := top + float64(depth)*rowHeight
		fmt.Fprintf(&b, `<g><title>%s: %s</title><rect x="%.1f" y="%.1f" width="%.1f" height="%g" fill="%s" stroke="white" stroke-width="0.5"/>`,
			html.EscapeString(n.name), format.Percent(100*n.value/root.value), x0, y, w, rowHeight-1, hex(classColors[dominant(n.class)]))
		if chars := int((w - 4) / charWidth); chars >= 3 {
			name := n.name
			if len(name) > chars {
				name = name[:chars-1] + "…"
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`, x0+2, y+rowHeight-4, html.EscapeString(name))
		}
		b.WriteString("</g>\n")
		slices.SortFunc(n.children, func(a, b *flameNode) int { return cmp.Compare(a.name, b.name) })
		for _, c := range n.children {
			draw(c, x0, depth+1)
			x0 += c.value * scale
		}
	}
	if root.value > 0 {
		draw(root, 0, 0)
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// dominant is the class of the most CPU in v, the first of a tie.
func dominant(v [cpuprofile.NumClasses]float64) cpuprofile.Class {
	return cpuprofile.Class(slices.Index(v[:], slices.Max(v[:])))
}

func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
