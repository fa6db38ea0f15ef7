// Package pagecheck looks at the committed pages as a reader does. Handler
// serves a directory of pages with every Markdown file turned into HTML as
// GitHub renders it (goldmark with its GFM extension, GitHub's table and code
// styles) and every other file, such as a chart, as it is; its test opens
// each page under results/ in headless Chromium at 1280 px and fails on a
// table or image wider than that. Pages lists the pages under a results
// directory and Overlong their lines too long outside a table, for every
// test that reads pages (pages.go).
package pagecheck

import (
	"bytes"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// style is the part of GitHub's Markdown stylesheet that sets how wide text,
// tables, code and images are.
const style = `body{margin:0;padding:32px;font:16px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}
table{display:block;width:max-content;max-width:100%;overflow:auto;border-spacing:0;border-collapse:collapse}
td,th{padding:6px 13px;border:1px solid #d1d9e0}
code,pre{font:85% ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace}
code{white-space:break-spaces}
pre{padding:16px;overflow:auto}
img{max-width:100%}`

var gfm = goldmark.New(goldmark.WithExtensions(extension.GFM))

// HTML is the page that GitHub-flavoured Markdown md renders to.
func HTML(title string, md []byte) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style></head><body>\n",
		html.EscapeString(title), style)
	if err := gfm.Convert(md, &b); err != nil {
		return nil, fmt.Errorf("rendering %s: %w", title, err)
	}
	b.WriteString("</body></html>\n")
	return b.Bytes(), nil
}

// Handler serves the files of pages, each .md file as the HTML it renders to.
func Handler(pages fs.FS) http.Handler {
	files := http.FileServerFS(pages)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if !strings.HasSuffix(name, ".md") {
			files.ServeHTTP(w, r)
			return
		}
		md, err := fs.ReadFile(pages, name)
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		page, err := HTML(name, md)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
}
