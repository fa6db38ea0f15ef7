package render

import (
	"bytes"
	"embed"
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// One template a section, executed on the view Go built for it: every
// number, count and choice is a field of the view, and the templates put
// them into words through funcs, which only format.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

var sections = template.Must(template.New("").Funcs(funcs).ParseFS(templateFS, "templates/*.tmpl"))

// funcs format a value for a page; none decides anything.
var funcs = template.FuncMap{
	"esc":     markdown.Escape,
	"num":     format.Num,
	"sig":     format.Sig,
	"bytes":   format.Bytes,
	"dur":     format.Duration,
	"durCI":   format.DurationCI,
	"ratio":   format.Ratio,
	"ratioCI": format.RatioCI,
	"pct":     format.Percent,
	"half":    func(x float64) string { return format.HalfWidth(100 * x) },
	"plural":  format.Plural,
	"prose":   prose,
}

// names are the names and limits the templates quote, spelled by the
// packages that own them; every view embeds it, so that a template writes
// {{$.Floor}}.
type names struct{}

func (names) Base() string        { return rawfmt.Base }
func (names) V2Base() string      { return rawfmt.V2Base }
func (names) CommitKey() string   { return rawfmt.KeyCommit }
func (names) RawDir() string      { return load.RawDir }
func (names) SkipsPrefix() string { return rawfmt.KeySkipsPrefix }
func (names) None() string        { return format.None }
func (names) Floor() string       { return rawfmt.Floor }
func (names) AllocRef() string    { return rawfmt.AllocRef }
func (names) Noop() string        { return rawfmt.Noop }
func (names) UnitNs() string      { return rawfmt.UnitNs }
func (names) UnitB() string       { return rawfmt.UnitB }
func (names) UnitAllocs() string  { return rawfmt.UnitAllocs }
func (names) UnitFields() string  { return rawfmt.UnitFields }
func (names) UnitDocB() string    { return rawfmt.UnitDocB }
func (names) Struct() string      { return rawfmt.OpDecodeStruct }
func (names) Proj() string        { return rawfmt.OpDecodeProj }
func (names) Encode() string      { return rawfmt.OpEncodeStruct }
func (names) Roundtrip() string   { return rawfmt.OpRoundtrip }
func (names) Get5() string        { return rawfmt.OpGet5 }
func (names) Small() string       { return load.ArticleSmall }
func (names) Large() string       { return load.ArticleLarge }
func (names) FieldsDocs() string  { return load.Fields.Label() }
func (names) BytesDocs() string   { return load.Bytes.Label() }
func (names) EqualDocs() string   { return load.Equal.Label() }
func (names) HitsDocs() string    { return load.ESHits.Label() }
func (names) HitsPrefix() string  { return load.ESHits.Prefix }
func (names) MinMedian() int      { return model.MinMedianSamples }
func (names) MinBoot() int        { return model.MinBootstrapSamples }
func (names) Reps() int           { return model.BootstrapReps }
func (names) MaxResid() string    { return format.Percent(100 * model.MaxResidual) }
func (names) Wide() float64       { return model.WideHalfWidth }
func (names) Marks() string       { return marks(" · ") }
func (names) MarksAnd() string    { return marks("") }
func (names) KB() int             { return format.BytesPerKB }
func (names) Forms() string {
	return strings.Join([]string{model.Linear.String(), model.Power.String(), model.NLogN.String(), model.Decades.String()}, ", ")
}
func (names) FirstMark() string    { return format.Num(model.Marks[0]) }
func (names) LastMark() string     { return format.Num(slices.Max(model.Marks)) }
func (names) DecisionDocs() string { return strings.Join(decisionDocs, ", ") }

// marks are the sizes of model.Marks, joined with sep, or as prose without one.
func marks(sep string) string {
	m := make([]string, len(model.Marks))
	for i, n := range model.Marks {
		m[i] = format.Num(n)
	}
	if sep == "" {
		return prose(m)
	}
	return strings.Join(m, sep)
}

// section executes the template file name on its view.
func section(name string, view any) ([]byte, error) {
	var b bytes.Buffer
	if err := sections.ExecuteTemplate(&b, name+".tmpl", view); err != nil {
		return nil, fmt.Errorf("section %s: %w", name, err)
	}
	return b.Bytes(), nil
}

// A Table is a Markdown table that Go filled: its columns, a name starting
// with ">" right-aligned, and its rows of formatted cells.
type Table struct {
	Cols []string
	Rows [][]string
}

// add appends a row.
func (t *Table) add(cells ...string) { t.Rows = append(t.Rows, cells) }

// Markdown is the table, its cells escaped.
func (t Table) Markdown() (string, error) {
	var b strings.Builder
	header := make([]string, len(t.Cols))
	align := make([]markdown.Align, len(t.Cols))
	for i, c := range t.Cols {
		header[i] = strings.TrimPrefix(c, ">")
		if strings.HasPrefix(c, ">") {
			align[i] = markdown.Right
		}
	}
	err := markdown.Table(&b, header, t.Rows, align...)
	return b.String(), err
}

// prose joins a list as prose: "a, b and c".
func prose(list []string) string {
	if len(list) < 2 {
		return strings.Join(list, "")
	}
	return strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1]
}

// code is s as a code span.
func code(s string) string { return "`" + s + "`" }
