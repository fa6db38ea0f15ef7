package render

import (
	"embed"
	"fmt"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// The sections' words are in templates/*.tmpl, one file per section; each
// is executed on a view, a struct holding every number and row the section
// shows, already formatted.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

var sections = template.Must(template.New("").Funcs(template.FuncMap{
	"table": tableText,
	"join":  strings.Join,
	"cols":  func(c ...string) []string { return c },
}).ParseFS(templateFS, "templates/*.tmpl"))

// suite holds the suite's names and limits that the templates quote; a
// view embeds it, so that its template says {{.Base}} or {{.MaxResid}}.
type suite struct{}

func (suite) Base() string       { return rawfmt.Base }
func (suite) Floor() string      { return rawfmt.Floor }
func (suite) Noop() string       { return rawfmt.Noop }
func (suite) UnitNs() string     { return rawfmt.UnitNs }
func (suite) UnitB() string      { return rawfmt.UnitB }
func (suite) UnitAllocs() string { return rawfmt.UnitAllocs }
func (suite) UnitFields() string { return rawfmt.UnitFields }
func (suite) UnitDocB() string   { return rawfmt.UnitDocB }
func (suite) FieldsDocs() string { return load.Fields.Label() }
func (suite) BytesDocs() string  { return load.Bytes.Label() }
func (suite) EqualDocs() string  { return load.Equal.Label() }
func (suite) HitsDocs() string   { return load.ESHits.Label() }
func (suite) HitsPrefix() string { return load.ESHits.Prefix }
func (suite) Struct() string     { return load.OpDecodeStruct }
func (suite) Proj() string       { return load.OpDecodeProj }
func (suite) Get5() string       { return load.OpGet5 }
func (suite) MaxResid() string   { return format.Percent(100 * model.MaxResidual) }
func (suite) MinMedian() int     { return model.MinMedianSamples }
func (suite) MinBoot() int       { return model.MinBootstrapSamples }
func (suite) Reps() int          { return model.BootstrapReps }
func (suite) KB() int            { return model.BytesPerKB }
func (suite) Marks() string      { return markList() }

// section writes the section of the template file name from its view.
func (d *doc) section(name string, view any) {
	if err := sections.ExecuteTemplate(d, name+".tmpl", view); err != nil && d.err == nil {
		d.err = fmt.Errorf("section %s: %w", name, err)
	}
}

// tableText is a Markdown table; a column whose name starts with ">" is
// right-aligned.
func tableText(cols []string, rows [][]string) (string, error) {
	var b strings.Builder
	header := make([]string, len(cols))
	align := make([]markdown.Align, len(cols))
	for i, c := range cols {
		header[i] = strings.TrimPrefix(c, ">")
		if strings.HasPrefix(c, ">") {
			align[i] = markdown.Right
		}
	}
	err := markdown.Table(&b, header, rows, align...)
	return b.String(), err
}
