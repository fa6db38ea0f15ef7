package render

import (
	"net/url"
	"strings"
)

// href is the link's address percent-encoded, so that a name with spaces,
// parentheses or angle brackets cannot end the link or open HTML.
// A first segment with a colon would read as a scheme: it gets a "./".
func (l Link) href() string {
	h := (&url.URL{Path: l.Href}).EscapedPath()
	if first, _, _ := strings.Cut(h, "/"); strings.Contains(first, ":") {
		h = "./" + h
	}
	return h
}

// fence is a code fence that text cannot close: more backticks than its
// longest run, and at least three.
func fence(text string) string {
	n, run := 3, 0
	for _, c := range text {
		if c == '`' {
			run++
			n = max(n, run+1)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", n)
}
