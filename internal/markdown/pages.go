package markdown

import (
	"io/fs"
	"path"
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
