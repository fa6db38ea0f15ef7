// Package page writes the page of make bench-doc: what a user's document
// costs with every codec, what asking for only the fields the client uses
// would save, which codec to use, and the CPU each option spends at a
// request rate.
//
// Data flows from a raw benchfmt file, read by package internal/report/load
// like any raw file, to an Info read from its configuration lines (info.go:
// the document's path, the fields, the request rate, the cells the gate
// refused), and from both to Markdown, so that make report rebuilds the
// page from the raw file alone. Every sentence is page.tmpl's, a section at
// a time, executed on a view that holds the section's numbers already
// formatted and its tables already rendered (template.go). Every number is
// computed from the cells' samples with package internal/report/model:
// medians with benchmath's distribution-free 95% intervals, and derived
// quantities (speedups, savings, cores) with bootstrap intervals, each
// printed by package internal/report/format as on every other page. A
// sentence whose cells are missing is left out. Before any finding, the run
// is checked (checks.go): intervals narrow enough to rank, no operation
// faster than a part of its own work, no filtered decode cheaper than the
// filtered document's size allows; a run that fails says so at the top and
// states none.
package page

import (
	"bytes"
	"fmt"
	"strings"

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

// defaultQPS is the request rate of the CPU section when none is given.
const defaultQPS = 1000

// Render returns the page of run. A run whose numbers do not hold
// together (see problems) says so at the top and states no finding: only
// the document, the tables of measurements, the gate and the method.
func Render(run *load.Run, info Info) ([]byte, error) {
	p := &page{run: run, info: info}
	p.execute("title", info.Doc)
	problems := p.problems()
	if len(problems) > 0 {
		p.noFinding(problems)
	}
	p.header()
	if len(problems) == 0 {
		p.choice()
		p.fieldsSection()
		p.cpu()
	}
	p.tables()
	p.gate()
	p.method()
	if p.err != nil {
		return nil, fmt.Errorf("rendering the page: %w", p.err)
	}
	return p.buf.Bytes(), nil
}

type page struct {
	run  *load.Run
	info Info
	buf  bytes.Buffer
	err  error // the first error of a table or a section
}

// tableText returns a Markdown table and a blank line.
func (p *page) tableText(header []string, rows [][]string, align ...markdown.Align) string {
	var b strings.Builder
	if err := markdown.Table(&b, header, rows, align...); err != nil && p.err == nil {
		p.err = err
	}
	return b.String() + "\n"
}

// ns returns the ns/op samples of op with codec on the document, or on the
// filtered document.
func (p *page) ns(op string, codec string, filtered bool) []float64 {
	return p.run.Ns(op, p.fixture(filtered), codec)
}

func (p *page) fixture(filtered bool) string {
	if filtered {
		return p.info.Filtered
	}
	return p.info.Name
}

// median summarizes samples; ok is false when there are none.
func median(samples []float64) (model.Estimate, bool) {
	if len(samples) == 0 {
		return model.Estimate{}, false
	}
	return model.Summarize(samples).Estimate(), true
}

// ratio is median(num)/median(den) with its interval; ok is false when
// either has no samples or den's median is 0.
func ratio(num, den []float64) (model.Estimate, bool) {
	if len(num) == 0 || len(den) == 0 {
		return model.Estimate{}, false
	}
	return model.Ratio(num, den)
}

// fastest returns the codec with the lowest median ns/op of op among
// those of the run's codec lines keep accepts, or "" when none has the cell.
func (p *page) fastest(op string, filtered bool, keep func(rawfmt.CodecConfig) bool) string {
	best, bestNs := "", 0.0
	for _, name := range p.run.CodecNames {
		c, ok := p.run.Codec(name)
		s := p.ns(op, name, filtered)
		if !ok || len(s) == 0 || !keep(c) {
			continue
		}
		if m := model.Median(s); best == "" || m < bestNs {
			best, bestNs = name, m
		}
	}
	return best
}

func anyCodec(rawfmt.CodecConfig) bool { return true }

func stdCodec(c rawfmt.CodecConfig) bool { return c.Category == rawfmt.CategoryStd }

// category names a codec's category, from its codec line.
func (p *page) category(name string) string {
	if c, ok := p.run.Codec(name); ok {
		return c.Category
	}
	return format.None
}

func fieldList(fields []string) string {
	quoted := make([]string, len(fields))
	for i, f := range fields {
		quoted[i] = code(f)
	}
	return strings.Join(quoted, ", ")
}

// code formats s as a Markdown code span.
func code(s string) string { return "`" + s + "`" }
