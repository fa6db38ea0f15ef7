// Package markdown writes the pieces of GitHub-flavoured Markdown that the
// generated result pages are made of: tables, and cell text made safe for
// them.
//
// Data flows from strings to a writer: Table writes a header row, a
// delimiter row with each column's alignment and the body rows, passing
// every cell through Escape, which keeps a cell on one line and keeps its
// text from closing the cell or being read as HTML. Code spans and other
// inline Markdown in a cell pass through unchanged.
package markdown

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Align is a column's alignment.
type Align int

// The alignments, as the delimiter row spells them.
const (
	Default Align = iota // ---
	Left                 // :--
	Center               // :-:
	Right                // --:
)

var delimiters = [...]string{Default: "---", Left: ":--", Center: ":-:", Right: "--:"}

// Table writes a table with the given header and rows to w. align gives the
// alignment of the first columns; the rest are Default. A row shorter than
// the header is padded with empty cells; a longer one, or an alignment for
// a column that does not exist, is an error and nothing is written.
func Table(w io.Writer, header []string, rows [][]string, align ...Align) error {
	switch {
	case len(header) == 0:
		return fmt.Errorf("markdown: table without columns")
	case len(align) > len(header):
		return fmt.Errorf("markdown: %d alignments for %d columns", len(align), len(header))
	}
	for i, r := range rows {
		if len(r) > len(header) {
			return fmt.Errorf("markdown: row %d has %d cells, the header %d", i+1, len(r), len(header))
		}
	}
	for _, a := range align {
		if a < Default || a > Right {
			return fmt.Errorf("markdown: unknown alignment %d", a)
		}
	}
	bw := bufio.NewWriter(w)
	row := func(cells []string) {
		bw.WriteString("|")
		for i := range header {
			cell := ""
			if i < len(cells) {
				cell = Escape(cells[i])
			}
			bw.WriteString(" " + cell + " |")
		}
		bw.WriteString("\n")
	}
	row(header)
	bw.WriteString("|")
	for i := range header {
		a := Default
		if i < len(align) {
			a = align[i]
		}
		bw.WriteString(delimiters[a] + "|")
	}
	bw.WriteString("\n")
	for _, r := range rows {
		row(r)
	}
	return bw.Flush()
}

// Escape makes s safe as the text of one table cell: it writes | as \|
// (everywhere, as tables require, code spans included), &, < and > as
// character references outside code spans (inside them they are shown as
// written), and line breaks as spaces. Other Markdown passes through.
func Escape(s string) string {
	var b strings.Builder
	for s != "" {
		n := len(s) - len(strings.TrimLeft(s, "`"))
		if n == 0 {
			i := strings.IndexByte(s, '`')
			if i < 0 {
				i = len(s)
			}
			b.WriteString(text.Replace(s[:i]))
			s = s[i:]
			continue
		}
		end := closingRun(s[n:], n)
		if end < 0 { // no closing run: the backticks are text
			b.WriteString(s[:n])
			s = s[n:]
			continue
		}
		b.WriteString(code.Replace(s[:n+end+n]))
		s = s[n+end+n:]
	}
	return b.String()
}

var (
	text = strings.NewReplacer("|", `\|`, "&", "&amp;", "<", "&lt;", ">", "&gt;", "\r\n", " ", "\n", " ", "\r", " ")
	code = strings.NewReplacer("|", `\|`, "\r\n", " ", "\n", " ", "\r", " ")
)

// closingRun returns the index in s of the first run of exactly n
// backticks, or -1.
func closingRun(s string, n int) int {
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '`' {
			j++
		}
		if j-i == n {
			return i
		}
		i = j
	}
	return -1
}
