package markdown

import (
	"regexp"
	"strings"
)

// MaxLine is the longest a line of prose on a generated page may be: Wrap
// breaks longer ones, so the Markdown reads in an editor and a diff as it
// does on GitHub.
const MaxLine = 160

// Wrap breaks the prose lines of page longer than width characters at
// spaces. Table rows, headings and code fences stay whole; a list item
// continues indented under its text; no break puts at a line's start what
// would open a block there (a list marker, a heading, a quote, a table row,
// a fence). The page ends in one newline.
func Wrap(page []byte, width int) []byte {
	var b strings.Builder
	fenced := false
	for _, line := range strings.SplitAfter(string(page), "\n") {
		body := strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(strings.TrimSpace(body), "```") {
			fenced = !fenced
		}
		if fenced || len([]rune(body)) <= width || strings.HasPrefix(body, "|") || strings.HasPrefix(body, "#") {
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
			wide := len([]rune(w))
			if i > 0 && n+1+wide > width && n > len(indent) {
				b.WriteString("\n" + indent)
				n = len(indent)
			} else if i > 0 {
				b.WriteString(" ")
				n++
			}
			b.WriteString(w)
			n += wide
		}
		b.WriteString(line[len(body):])
	}
	return []byte(strings.TrimRight(b.String(), "\n") + "\n")
}

var (
	listMarker = regexp.MustCompile(`^ *([-*+]|\d+[.)]) `)
	opensBlock = regexp.MustCompile("^([-*+#>|=<]|```|~~~|\\d+[.)]$)")
)
