// Package markdown holds the Markdown helpers every generated result page
// shares. Table writes a GitHub-flavoured table's header, delimiter and body
// rows to a writer, passing every cell through Escape, which keeps a cell on
// one line and its text from closing the cell or being read as HTML
// (markdown.go). Wrap is the last step of each page's writer: it folds the
// page's prose into lines of at most MaxLine characters, leaving tables,
// headings and code whole (wrap.go).
package markdown

import (
	"cmp"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Align is a column's alignment, as the delimiter row spells it.
type Align string

// The alignments; the zero Align is the delimiter row's default, "---".
const (
	Left  Align = ":--"
	Right Align = "--:"
)

// Table writes a table with the given header and rows to w. align gives the
// alignment of the first columns; the rest have the default. A row shorter
// than the header is padded with empty cells; a longer one, or an alignment
// for a column that does not exist, is an error and nothing is written.
func Table(w io.Writer, header []string, rows [][]string, align ...Align) error {
	switch {
	case len(header) == 0:
		return fmt.Errorf("markdown: table without columns")
	case len(align) > len(header):
		return fmt.Errorf("markdown: %d alignments for %d columns", len(align), len(header))
	}
	var b strings.Builder
	row := func(cells []string) { // padded to the header's width
		for _, c := range append(cells[:len(cells):len(cells)], make([]string, len(header)-len(cells))...) {
			b.WriteString("| " + Escape(c) + " ")
		}
		b.WriteString("|\n")
	}
	row(header)
	for _, a := range append(align[:len(align):len(align)], make([]Align, len(header)-len(align))...) {
		b.WriteString("|" + cmp.Or(string(a), "---"))
	}
	b.WriteString("|\n")
	for i, r := range rows {
		if len(r) > len(header) {
			return fmt.Errorf("markdown: row %d has %d cells, the header %d", i+1, len(r), len(header))
		}
		row(r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Escape makes s safe as the text of one table cell: it writes | as \|
// (everywhere, as tables require, code spans included), &, < and > as
// character references outside code spans (inside them they are shown as
// written), and line breaks as spaces. Other Markdown passes through.
func Escape(s string) string {
	var b strings.Builder
	runs, done := backticks.FindAllStringIndex(s, -1), 0
	for i := 0; i < len(runs); i++ { // a code span runs to the next run of as many backticks
		for j := i + 1; j < len(runs); j++ {
			if open, end := runs[i], runs[j]; end[1]-end[0] == open[1]-open[0] {
				b.WriteString(text.Replace(s[done:open[0]]) + code.Replace(s[open[0]:end[1]]))
				done, i = end[1], j
				break
			}
		}
	}
	return b.String() + text.Replace(s[done:])
}

var (
	backticks = regexp.MustCompile("`+")
	text      = strings.NewReplacer("|", `\|`, "&", "&amp;", "<", "&lt;", ">", "&gt;", "\r\n", " ", "\n", " ", "\r", " ")
	code      = strings.NewReplacer("|", `\|`, "\r\n", " ", "\n", " ", "\r", " ")
)
