package render

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// MaxLine is the longest a line of prose on a page may be: wrap breaks
// longer ones, so the Markdown reads in an editor and a diff as on GitHub.
const MaxLine = 160

// wrap breaks the page's prose lines longer than MaxLine at spaces. Table
// rows, headings and code fences stay whole; a list item continues indented
// under its text; no break puts at a line's start what would open a block
// there (a list marker, a heading, a quote, a table row, a fence). The
// page ends in one newline.
func wrap(page []byte) []byte {
	var b strings.Builder
	fenced := false
	for _, line := range strings.SplitAfter(string(page), "\n") {
		body := strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(strings.TrimSpace(body), "```") {
			fenced = !fenced
		}
		if fenced || len([]rune(body)) <= MaxLine || strings.HasPrefix(body, "|") || strings.HasPrefix(body, "#") {
			b.WriteString(line)
			continue
		}
		indent := strings.Repeat(" ", len(listMarker.FindString(body)))
		var words []string // a word that would open a block holds on to the one before
		for i, w := range strings.Split(body, " ") {
			if i > 0 && opensBlock.MatchString(w) {
				words[len(words)-1] += " " + w
			} else {
				words = append(words, w)
			}
		}
		n := 0
		for i, w := range words {
			width := len([]rune(w))
			if i > 0 && n+1+width > MaxLine && n > len(indent) {
				b.WriteString("\n" + indent)
				n = len(indent)
			} else if i > 0 {
				b.WriteString(" ")
				n++
			}
			b.WriteString(w)
			n += width
		}
		b.WriteString(line[len(body):])
	}
	return []byte(strings.TrimRight(b.String(), "\n") + "\n")
}

var (
	listMarker = regexp.MustCompile(`^ *([-*+]|\d+[.)]) `)
	opensBlock = regexp.MustCompile("^([-*+#>|=<]|```|~~~|\\d+[.)]$)")
)

// anchor is the fragment GitHub gives a heading: its text lowercased,
// without markup or punctuation, spaces as hyphens.
func anchor(heading string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(html.UnescapeString(heading)) {
		switch {
		case c == ' ':
			b.WriteRune('-')
		case c == '-' || c == '_' || unicode.IsLetter(c) || unicode.IsDigit(c):
			b.WriteRune(c)
		}
	}
	return b.String()
}

// A heading is one of a page's sections, for its table of contents.
type heading struct {
	Level int // 2 for ##, 3 for ###
	Text  string
	ID    string // its anchor, numbered as GitHub numbers repeats
}

// headings lists the ## and ### headings of a page, outside code fences.
func headings(page []byte) []heading {
	var out []heading
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(string(page), "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		level := len(line) - len(strings.TrimLeft(line, "#"))
		if fenced || (level != 2 && level != 3) || !strings.HasPrefix(line[level:], " ") {
			continue
		}
		text := strings.TrimSpace(line[level:])
		id := anchor(text)
		if n := seen[id]; n > 0 {
			seen[id]++
			id = id + "-" + strconv.Itoa(n)
		} else {
			seen[id] = 1
		}
		out = append(out, heading{Level: level, Text: text, ID: id})
	}
	return out
}
