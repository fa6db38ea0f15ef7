package pagecheck

import (
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
)

// Pages lists the pages under root, as slash-separated paths in lexical
// order: every .md file outside a raw/ directory, which holds data, not
// pages. The tests that look at the committed pages, as text and in a
// browser, read this one list.
func Pages(root fs.FS) ([]string, error) {
	var pages []string
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "raw":
			return fs.SkipDir
		case !d.IsDir() && path.Ext(p) == ".md":
			pages = append(pages, p)
		}
		return nil
	})
	return pages, err
}

// Overlong lists the lines of page, numbered from 1, longer than
// markdown.MaxLine characters outside a table. A table is a run of lines
// starting with "|", outside a code fence, whose second line is a delimiter
// row: it cannot be folded, so its width is for a browser to measure. Any
// other line, in a code fence or not, is held to markdown.MaxLine.
func Overlong(page []byte) []int {
	lines := strings.Split(string(page), "\n")
	var long []int
	fenced := false
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "```") {
			fenced = !fenced
		}
		end := i + 1
		if !fenced && strings.HasPrefix(lines[i], "|") {
			for end < len(lines) && strings.HasPrefix(lines[end], "|") {
				end++
			}
		}
		if end-i >= 2 && delimiterRow.MatchString(lines[i+1]) {
			i = end - 1 // a table
			continue
		}
		if len([]rune(lines[i])) > markdown.MaxLine {
			long = append(long, i+1)
		}
	}
	return long
}

var delimiterRow = regexp.MustCompile(`^\|( *:?-+:? *\|)+$`)
