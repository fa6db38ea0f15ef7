package render

import (
	"embed"
	"fmt"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/markdown"
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
