// Package page writes the page of make bench-doc: what a user's document costs with every codec,
// what asking for only the fields the client uses would save, which codec to use, and the CPU each
// option spends at a request rate.
//
// Data flows from a raw benchfmt file, read by internal/report/load, to an Info from its
// configuration lines (info.go), then to a page: numbers from internal/report/model (medians with
// distribution-free 95% intervals; speedups, savings and cores bootstrapped), printed by
// internal/report/format, tables as rows. page.tmpl words it, calling the page's methods for the
// codec choice and the fields section, so make report rebuilds the page from the raw file alone; a sentence whose cells are missing is left out. A run failing the checks
// (checks.go) says so at the top and states no finding. markdown.Wrap folds the prose of the page.
package page

import (
	"bytes"
	"cmp"
	_ "embed"
	"fmt"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// Info is what the page says beside the measurements.
type Info struct {
	Doc        string   // the document's path, as given
	Name       string   // its fixture name in the raw file
	Filtered   string   // the filtered document's fixture name
	Samples    int      // objects in the document
	Compacted  bool     // whether the input was not compact already
	Fields     []string // the fields the client uses; none: no projection
	QPS        float64  // requests per second; 0 when not given
	PerRequest int      // documents per response
	Notes      []string // what the reader should know about the input
	Failures   []Failure
	Command    string // the command that repeats the run
	RawFile    string // the raw file's name beside the page
	Unrecorded bool   // the raw file predates its notes and refused cells
}

// A Failure is a cell the correctness gate refused, with why.
type Failure struct {
	Cell rawfmt.Cell
	Err  string
}

//go:embed page.tmpl
var pageText string

var pageTemplate = template.Must(template.New("").Funcs(template.FuncMap{
	"cell": markdown.Escape, "join": strings.Join, "bytes": format.Bytes, "num": format.Num, "choiceOps": func() any { return choiceOps }}).Parse(pageText))

// A page is the page's data, numbers formatted, and the methods that page.tmpl calls to word the
// codec choice and the fields section. Problems leave out the choice, the fields section and CPU.
type page struct {
	Run            *load.Run
	Info           Info
	Full, Filtered load.Size // of the document and the filtered one
	Problems       []string
	CPU            *cpuView
	Tables         []table
}

// Render returns the page of run. A run whose numbers do not hold together (see problems)
// says so at the top and states no finding.
func Render(run *load.Run, info Info) ([]byte, error) {
	p := &page{Run: run, Info: info, Full: run.Sizes[info.Name], Filtered: run.Sizes[info.Filtered]}
	if p.Problems, p.Tables = p.problems(), p.tables(); len(p.Problems) == 0 {
		p.CPU = p.cpu()
	}
	var b bytes.Buffer
	if err := pageTemplate.ExecuteTemplate(&b, "page", p); err != nil {
		return nil, fmt.Errorf("rendering the page: %w", err)
	}
	return markdown.Wrap(b.Bytes(), markdown.MaxLine), nil
}

// Value is a configuration value, or format.None.
func (p *page) Value(key string) string { v, _ := p.Run.Value(key); return cmp.Or(v, format.None) }

// Share is the filtered document's share of the document's bytes.
func (p *page) Share() string { return format.Percent(100 * p.Filtered.DocBytes / p.Full.DocBytes) }

func (p *page) ns(op string, codec string, filtered bool) model.Sample {
	return model.Ns(p.Run, op, p.fixture(filtered), codec)
}

func (p *page) fixture(filtered bool) string {
	if filtered {
		return p.Info.Filtered
	}
	return p.Info.Name
}

// Has reports whether codec has samples at op.
func (p *page) Has(op, codec string, filtered bool) bool { return p.ns(op, codec, filtered).Known() }

// Time is codec's median time at op with its interval.
func (p *page) Time(op, codec string, filtered bool) string {
	return format.DurationCI(p.ns(op, codec, filtered).Estimate())
}

// Fastest returns the fastest codec at op, of the std ones when std is set, or "".
func (p *page) Fastest(op string, filtered, std bool) string {
	_, ranked := model.Standings(p.Run, op, p.fixture(filtered))
	for _, s := range ranked {
		if c, ok := p.Run.Codec(s.Codec); ok && (!std || c.Category == rawfmt.CategoryStd) {
			return s.Codec
		}
	}
	return ""
}

// Codec is name's configuration line; the zero one without it.
func (p *page) Codec(name string) rawfmt.CodecConfig { c, _ := p.Run.Codec(name); return c }

// Category is name's category, or format.None.
func (p *page) Category(name string) string {
	if c, ok := p.Run.Codec(name); ok {
		return c.Category
	}
	return format.None
}

func code(s string) string { return "`" + s + "`" }

var tableOps = []struct {
	w    way
	does string
}{
	{fullDecode, "decode the document into its struct"},
	{way{"decode-map", load.OpDecodeMap, false}, "decode it into `map[string]any`"},
	{way{"encode-struct", load.OpEncodeStruct, false}, "encode it from its struct"},
	{roundtrip, "decode it, then encode it again"},
	{clientProj, "decode it into a struct of only the fields"},
	{lazyGet, "read the fields without decoding the rest"},
	{serverSide, "decode the filtered document into its struct"},
}

// A table is every codec's figures for one operation, fastest first.
type table struct {
	Op, Fixture, Does string
	Rows              [][]string
}

func (p *page) tables() []table {
	var out []table
	for _, t := range tableOps {
		tb := table{Op: t.w.op, Fixture: p.fixture(t.w.filtered), Does: t.does}
		_, ranked := model.Standings(p.Run, tb.Op, tb.Fixture)
		for _, s := range ranked {
			c := rawfmt.Cell{Op: tb.Op, Fixture: tb.Fixture, Codec: s.Codec}
			vs := format.None
			if r, ok := model.Ratio(p.ns(tb.Op, rawfmt.Base, t.w.filtered), model.Of(p.Run, c, rawfmt.UnitNs)); ok {
				vs = format.RatioCI(r)
			}
			tb.Rows = append(tb.Rows, []string{s.Codec, code(p.Category(s.Codec)), format.DurationCI(s.Ns), vs,
				format.CI(model.Summarize(p.Run.Samples(c, rawfmt.UnitMBs)), format.Sig, ""), format.CI(s.B, format.Num, ""), format.CI(s.Allocs, format.Num, "")})
		}
		if len(tb.Rows) > 0 {
			out = append(out, tb)
		}
	}
	return out
}
