// Package render writes the report: each page's Markdown, benchstat tables,
// model.csv and gonum/plot SVG charts, the results index, the page across
// machines, the page of an upgrade run and the head of make compare.
//
// Go decides, the templates word. A Page holds a model.Analysis of one run
// and the links around it; newView turns it into a view, one struct per
// section holding every number, count, choice and table that section shows
// (the files named after them, and sections.go, build them); each
// templates/<section>.tmpl puts its struct into words through funcs, which
// only format (package format for numbers, package markdown for tables and
// escaping). page.tmpl (the answer and the contents) and body.tmpl lay out
// README.md, op.tmpl each operation's page, configurations.tmpl what each
// configuration gives up; markdown.Wrap keeps prose lines within
// markdown.MaxLine. Nothing here reads or writes files.
package render

import (
	"fmt"
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A Page is one report page: a machine's, built from its newest full run,
// or one run's own.
type Page struct {
	Machine  string
	A        *model.Analysis
	Raw      string   // the raw file, relative to the page's directory
	RunPage  bool     // the page of one run, beside the machine page
	Archived bool     // the page of a full run older than the machine page's: no benchstat tables, no charts
	Notes    []string // about the machine's other files: runs skipped, files ignored
	Newer    []Link   // newer runs with pages of their own
}

// A Link is a Markdown link.
type Link struct{ Text, Href string }

// String is the link in running text: its text escaped, its address
// percent-encoded.
func (l Link) String() string { return "[" + markdown.Escape(l.Text) + "](" + l.href() + ")" }

// cell is the link as a table cell, which markdown.Table escapes whole.
func (l Link) cell() string { return "[" + l.Text + "](" + l.href() + ")" }

// href is the link's address percent-encoded, so that no name ends the
// link or opens HTML; a first segment with a colon gets a "./".
func (l Link) href() string {
	h := (&url.URL{Path: l.Href}).EscapedPath()
	if first, _, _ := strings.Cut(h, "/"); strings.Contains(first, ":") {
		h = "./" + h
	}
	return h
}

// A view is what the sections of one page are executed on.
type view struct {
	Page
	names
	R       *load.Run
	Title   string // the machine, and the run on a run's page
	RawLink Link   // the raw file, from the page's directory
	Publish bool   // the page ranks, picks and states findings (model.Analysis.Publishes)

	Head       head
	Answer     answer
	Contents   []heading // README.md's sections
	Choose     []advice
	PerCall    perCall
	Gives      gives
	Run        runInfo
	Notes      []string
	Findings   []string
	Precision  precision
	GC         *gcCost
	Harness    *harness
	FloorCells *Table // nil without a floor
	Article    article
	Hits       hits
	Passed     string   // the consistency checks that passed, with their pairs
	Ops        []opPage // the pages of the operations
}

// Files renders the page's files, keyed by slash path relative to the
// page's directory, and returns what the page notes about the run's gaps:
// README.md opens with the answer and a table of contents over its
// sections, ops/<op>.md holds each operation's detail, configurations.md
// what each configuration gives up; beside them model.csv, the benchstat
// tables and the charts, but on an Archived page.
func (p Page) Files() (map[string][]byte, []string, error) {
	files, notes, err := p.pages()
	if err != nil || p.Archived {
		return files, notes, err
	}
	r := p.A.Run
	if err := tables(r, files); err != nil {
		return nil, nil, err
	}
	for _, c := range charts(r) {
		if files[c.File], err = c.svg(r); err != nil {
			return nil, nil, fmt.Errorf("chart %s: %w", c.File, err)
		}
	}
	return files, notes, nil
}

// pages renders the files of the page that its view alone gives: every
// Markdown page and model.csv, without running benchstat or drawing.
func (p Page) pages() (map[string][]byte, []string, error) {
	v, err := newView(p)
	if err != nil {
		return nil, nil, err
	}
	files := map[string][]byte{"model.csv": modelCSV(p.A.Model)}
	if files["configurations.md"], err = wrapped("configurations", v); err != nil {
		return nil, nil, err
	}
	chs := charts(v.R)
	for _, o := range v.Ops {
		ofOp := slices.DeleteFunc(slices.Clone(chs), func(c chart) bool { return c.Op != o.Op })
		if files[o.Link.Href], err = wrapped("op", opView{view: v, opPage: o, Charts: ofOp}); err != nil {
			return nil, nil, err
		}
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

// newView builds every section of p's page.
func newView(p Page) (*view, error) {
	a, r := p.A, p.A.Run
	v := &view{Page: p, R: r, Publish: a.Publishes(), Title: markdown.Escape(p.Machine), RawLink: Link{"raw/" + r.Raw.File, p.Raw}}
	if p.RunPage {
		v.Title += ", " + r.Raw.Kind() + " run of " + r.Raw.Name.Stamp.Format("2006-01-02 15:04:05 UTC")
	}
	v.Head = newHead(v)
	v.Notes = append(slices.Clip(p.Notes), notes(v)...)
	v.Gives, v.Run, v.Precision = newGives(p), newRunInfo(v), newPrecision(a)
	v.GC, v.Harness, v.FloorCells = newGCCost(r), newHarness(a), newFloor(a)
	v.Article, v.Hits, v.Passed = newArticle(a), newHits(a), passed(a)
	v.PerCall = newPerCall(a)
	ranks := rankings(r)
	var err error
	if v.Publish {
		v.Answer, v.Choose = newAnswer(r, ranks), choose(r, ranks)
		v.Findings, err = findings(a)
	}
	for _, op := range r.Ops {
		v.Ops = append(v.Ops, newOpPage(v, op, ranks))
	}
	return v, err
}

// wrapped is the section name executed on view, wrapped.
func wrapped(name string, view any) ([]byte, error) {
	b, err := section(name, view)
	return markdown.Wrap(b, markdown.MaxLine), err
}

// opFile is the path of an operation's page.
func opFile(op string) string { return "ops/" + op + ".md" }

// fence is a code fence that text cannot close: more backticks than its
// longest run, and at least three.
func fence(text string) string {
	f := "```"
	for strings.Contains(text, f) {
		f += "`"
	}
	return f
}

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
		n := seen[id]
		seen[id]++
		if n > 0 {
			id += "-" + strconv.Itoa(n)
		}
		out = append(out, heading{Level: level, Text: text, ID: id})
	}
	return out
}
