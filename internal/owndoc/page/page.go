// Package page writes the page of make bench-doc: what a user's document costs with every codec,
// what asking for only the fields the client uses would save, which codec to use, and the CPU each
// option spends at a request rate.
//
// Data flows from a raw benchfmt file, read by internal/report/load, to an Info from its
// configuration lines (info.go), then to a page: numbers from internal/report/model (medians with
// distribution-free 95% intervals; speedups, savings and cores bootstrapped), printed by
// internal/report/format, tables as render.Tables: a page holds every figure, decided and
// formatted in Go (choice.go, fields.go, cpu.go), and page.tmpl words it, so make report rebuilds
// the page from the raw file alone; a sentence whose cells are missing is left out. A run failing
// the checks (checks.go) says so at the top and states no finding. markdown.Wrap folds the prose.
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
	"github.com/jsoncost/jsoncost/internal/report/render"
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

// pageFuncs format a value for the page, or name the base and the roundtrip; none decides anything.
var pageFuncs = template.FuncMap{"esc": markdown.Escape, "join": strings.Join, "bytes": format.Bytes, "num": format.Num,
	"base": func() string { return rawfmt.Base }, "roundtrip": func() string { return rawfmt.OpRoundtrip }}

var pageTemplate = template.Must(template.New("").Funcs(pageFuncs).Parse(pageText))

// A page is what page.tmpl words, every figure decided and formatted here:
// the document, the codec choice, what asking for fewer fields saves, the
// CPU at the request rate and every codec's table. Problems leave out the
// choice, the fields section and the CPU.
type page struct {
	Run            *load.Run
	Info           Info
	Full, Filtered load.Size // of the document and the filtered one
	Share          string    // the filtered document's share of the bytes; "" without fields
	Problems       []string
	Choice         []choice
	Fields         *fieldsView
	CPU            *cpuView
	Tables         []table
	Method         method
}

// A method is what the run's configuration lines say of how it was measured.
type method struct {
	Rounds                                    int
	Benchtime, Machine, CPU, Cores, Procs, Go string
}

// Render returns the page of run. A run whose numbers do not hold together (see problems)
// says so at the top and states no finding.
func Render(run *load.Run, info Info) ([]byte, error) {
	p := &page{Run: run, Info: info, Full: run.Sizes[info.Name], Filtered: run.Sizes[info.Filtered]}
	value := func(key string) string { v, _ := run.Value(key); return cmp.Or(v, format.None) }
	p.Method = method{run.Rounds(), value(rawfmt.KeyBenchtime), value(rawfmt.KeyMachine), value(rawfmt.KeyCPU), value(rawfmt.KeyCores), value(rawfmt.KeyGOMAXPROCS), value(rawfmt.KeyGo)}
	if len(info.Fields) > 0 && p.Filtered.HasDocBytes && p.Full.DocBytes > 0 {
		p.Share = format.Percent(100 * p.Filtered.DocBytes / p.Full.DocBytes)
	}
	if p.Problems, p.Tables = p.problems(), p.tables(); len(p.Problems) == 0 {
		p.Choice, p.CPU = p.choice(), p.cpu()
		if len(info.Fields) > 0 {
			p.Fields = p.fields()
		}
	}
	var b bytes.Buffer
	if err := pageTemplate.ExecuteTemplate(&b, "page", p); err != nil {
		return nil, fmt.Errorf("rendering the page: %w", err)
	}
	return markdown.Wrap(b.Bytes(), markdown.MaxLine), nil
}

func (p *page) ns(op string, codec string, filtered bool) model.Sample {
	return model.Ns(p.Run, op, p.fixture(filtered), codec)
}

func (p *page) fixture(filtered bool) string {
	if filtered {
		return p.Info.Filtered
	}
	return p.Info.Name
}

// time is codec's median time at op with its interval, "" without samples.
func (p *page) time(op, codec string, filtered bool) string {
	if s := p.ns(op, codec, filtered); s.Known() {
		return format.DurationCI(s.Estimate())
	}
	return ""
}

// fastest returns the fastest codec at op, of the std ones when std is set, or "".
func (p *page) fastest(op string, filtered, std bool) string {
	_, ranked := model.Standings(p.Run, op, p.fixture(filtered))
	for _, s := range ranked {
		if c, ok := p.Run.Codec(s.Codec); ok && (!std || c.Category == rawfmt.CategoryStd) {
			return s.Codec
		}
	}
	return ""
}

// category is name's category, or format.None.
func (p *page) category(name string) string {
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
	{way{"decode-map", rawfmt.OpDecodeMap, false}, "decode it into `map[string]any`"},
	{way{"encode-struct", rawfmt.OpEncodeStruct, false}, "encode it from its struct"},
	{way{"roundtrip", rawfmt.OpRoundtrip, false}, "decode it, then encode it again"},
	{clientProj, "decode it into a struct of only the fields"},
	{lazyGet, "read the fields without decoding the rest"},
	{serverSide, "decode the filtered document into its struct"},
}

// A table is every codec's figures for one operation, fastest first.
type table struct {
	Op, Fixture, Does string
	Table             render.Table
}

func (p *page) tables() []table {
	var out []table
	for _, t := range tableOps {
		tb := table{Op: t.w.op, Fixture: p.fixture(t.w.filtered), Does: t.does,
			Table: render.Table{Cols: []string{"codec", "category", ">time/op", ">vs " + rawfmt.Base, ">MB/s", ">B/op", ">allocs/op"}}}
		_, ranked := model.Standings(p.Run, tb.Op, tb.Fixture)
		for _, s := range ranked {
			c := rawfmt.Cell{Op: tb.Op, Fixture: tb.Fixture, Codec: s.Codec}
			vs := format.None
			if r, ok := model.Ratio(p.ns(tb.Op, rawfmt.Base, t.w.filtered), model.Of(p.Run, c, rawfmt.UnitNs)); ok {
				vs = format.RatioCI(r)
			}
			tb.Table.Rows = append(tb.Table.Rows, []string{s.Codec, code(p.category(s.Codec)), format.DurationCI(s.Ns), vs,
				format.CI(model.Summarize(p.Run.Samples(c, rawfmt.UnitMBs)), format.Sig, ""), format.CI(s.B, format.Num, ""), format.CI(s.Allocs, format.Num, "")})
		}
		if len(tb.Table.Rows) > 0 {
			out = append(out, tb)
		}
	}
	return out
}
