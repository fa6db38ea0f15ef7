package render

import (
	"html"
	"strconv"
	"strings"
	"unicode"
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
