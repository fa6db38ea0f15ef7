// Package render writes the report: each page's Markdown, benchstat tables,
// model.csv and gonum/plot SVG charts, the results index and the head of
// make compare. A Page holds a model.Analysis of one run and the links
// around it; Files turns it into the bytes of every file of the page, keyed
// by path. Go computes, the templates speak: page.tmpl (the answer and the
// contents) and body.tmpl lay out README.md, op.tmpl each operation's page,
// all from templates/<section>.tmpl, which format numbers through package
// format and tables through package markdown, whose Wrap keeps prose lines
// within markdown.MaxLine.
// Nothing here reads or writes files.
package render

import (
	"errors"
	"net/url"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A Page is one report page: a machine's, built from its newest full run,
// or one run's own.
type Page struct {
	Machine string
	A       *model.Analysis
	Raw     string   // the raw file, relative to the page's directory
	RunPage bool     // the page of one run, beside the machine page
	Notes   []string // about the machine's other files: runs skipped, files ignored
	Newer   []Link   // newer runs with pages of their own
}

// A Link is a Markdown link.
type Link struct{ Text, Href string }

// String is the link in running text: its text escaped, its address
// percent-encoded.
func (l Link) String() string { return "[" + markdown.Escape(l.Text) + "](" + l.href() + ")" }

// cell is the link as a table cell, which markdown.Table escapes whole.
func (l Link) cell() string { return "[" + l.Text + "](" + l.href() + ")" }

// Files renders the page's files, keyed by slash path relative to the
// page's directory, and returns what the page notes about the run's gaps:
// README.md opens with the answer and a table of contents over its
// sections, ops/<op>.md holds each operation's detail and
// configurations.md what each configuration gives up.
func (p Page) Files() (map[string][]byte, []string, error) {
	r := p.A.Run
	tabs, err := tables(r)
	chs, err2 := charts(r)
	csv, err3 := modelCSV(p.A.Model)
	more, err4 := lines("notes", p)
	if err := errors.Join(err, err2, err3, err4); err != nil {
		return nil, nil, err
	}
	v := view{Page: p, R: r, Notes: append(p.Notes, more...), Tables: tabs, Charts: chs}
	if p.A.Publishes() {
		if v.Findings, err = lines("findings", p); err != nil {
			return nil, nil, err
		}
		v.Ranks = rankings(r)
	}
	files := map[string][]byte{"model.csv": csv}
	for _, t := range tabs {
		files["tables/"+t.Op+".txt"] = t.text
	}
	for _, c := range chs {
		files[c.File] = c.svg
	}
	for _, op := range r.Ops {
		o := v
		o.Op, o.Up = op, "../"
		if files[opPage(op)], err = wrapped("op", o); err != nil {
			return nil, nil, err
		}
	}
	if files["configurations.md"], err = wrapped("configurations", v); err != nil {
		return nil, nil, err
	}
	body, err := section("body", v)
	if err != nil {
		return nil, nil, err
	}
	v.Contents = headings(body)
	top, err := section("page", v)
	if err != nil {
		return nil, nil, err
	}
	files["README.md"] = markdown.Wrap(append(top, body...), markdown.MaxLine)
	return files, v.Notes, nil
}

// wrapped is the section name executed on view, wrapped.
func wrapped(name string, view any) ([]byte, error) {
	b, err := section(name, view)
	return markdown.Wrap(b, markdown.MaxLine), err
}

// opPage is the path of an operation's page.
func opPage(op string) string { return "ops/" + op + ".md" }

// escapeAll escapes names and joins them with sep.
func escapeAll(names []string, sep string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = markdown.Escape(n)
	}
	return strings.Join(out, sep)
}

// href is the link's address percent-encoded, so that no name ends the
// link or opens HTML; a first segment with a colon gets a "./".
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
