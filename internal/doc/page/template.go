package page

import (
	"cmp"
	_ "embed"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
)

// The page's prose is page.tmpl: one template a section, executed on a
// view whose numbers package format has already written.

//go:embed page.tmpl
var pageTemplate string

var sections = template.Must(template.New("page").Parse(pageTemplate))

// execute writes the section name of page.tmpl with view.
func (p *page) execute(name string, view any) {
	if err := sections.ExecuteTemplate(&p.buf, name, view); err != nil && p.err == nil {
		p.err = err
	}
}

// header writes what was measured.
func (p *page) header() {
	i := p.info
	full, filtered := p.run.Sizes[i.Name], p.run.Sizes[i.Filtered]
	type filter struct{ Fields, Bytes, Values, Share string }
	view := struct {
		Samples       int
		Bytes, Values string
		Compacted     bool
		Filter        *filter
		Notes         []string
	}{i.Samples, format.Bytes(full.DocBytes), format.Num(full.Fields), i.Compacted, nil, i.Notes}
	if len(i.Fields) > 0 && filtered.HasDocBytes && full.DocBytes > 0 {
		view.Filter = &filter{fieldList(i.Fields), format.Bytes(filtered.DocBytes), format.Num(filtered.Fields),
			format.Percent(100 * filtered.DocBytes / full.DocBytes)}
	}
	p.execute("header", view)
}

// gate writes what the correctness gate refused.
func (p *page) gate() {
	type failure struct{ Op, Fixture, Codec, Err string }
	var failures []failure
	for _, f := range p.info.Failures {
		failures = append(failures, failure{f.Cell.Op, f.Cell.Fixture, f.Cell.Codec, markdown.Escape(f.Err)})
	}
	p.execute("gate", struct {
		Failures   []failure
		Unrecorded bool
	}{failures, p.info.Unrecorded})
}

// method writes how the figures were measured, from the raw file's
// configuration.
func (p *page) method() {
	value := func(key string) string {
		v, _ := p.run.Value(key)
		return cmp.Or(v, format.None)
	}
	p.execute("method", struct {
		Rounds                                         int
		Benchtime, Machine, CPU, Cores, GOMAXPROCS, Go string
		RawFile, Command                               string
	}{p.run.Rounds(), value(rawfmt.KeyBenchtime), value(rawfmt.KeyMachine), value(rawfmt.KeyCPU), value(rawfmt.KeyCores),
		value(rawfmt.KeyGOMAXPROCS), value(rawfmt.KeyGo), p.info.RawFile, p.info.Command})
}
