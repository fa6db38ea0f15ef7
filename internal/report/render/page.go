// Package render writes the report: each page's Markdown, the benchstat
// tables, model.csv and the SVG charts, and the index of every machine and
// run.
//
// Data flows in from package model: a Page holds a model.Analysis of one
// run (and, through it, the load.Run) and the links around it; Files turns
// it into the bytes of every file of the page, keyed by path, and Index
// writes results/README.md. Each section of a page is a view, a struct of
// the numbers and rows it shows, already formatted by package format; the
// section's template, templates/<section>.tmpl, words it as Markdown, so
// that Go computes and the templates speak. Nothing here reads or writes
// files; tables come from the module's benchstat tool, charts from
// gonum/plot, what each configuration gives up from the run's skips lines,
// and Markdown tables from package markdown, which escapes every cell.
// DiffSummary writes the head of make compare.
package render

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
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
// page's directory, and returns what the page notes about the run's gaps.
func (p Page) Files() (map[string][]byte, []string, error) {
	r := p.A.Run
	tabs, err := tables(r)
	if err != nil {
		return nil, nil, err
	}
	chs, err := charts(r)
	if err != nil {
		return nil, nil, err
	}
	csv, err := modelCSV(p.A.Model)
	if err != nil {
		return nil, nil, err
	}
	more, err := dataNotes(p)
	if err != nil {
		return nil, nil, err
	}
	notes := append(p.Notes, more...)
	readme, err := p.readme(notes, tabs, chs)
	if err != nil {
		return nil, nil, err
	}
	files := map[string][]byte{"README.md": readme, "model.csv": csv}
	for _, t := range tabs {
		files["tables/"+t.op+".txt"] = t.text
	}
	for _, c := range chs {
		files[c.file] = c.svg
	}
	return files, notes, nil
}

// A doc accumulates Markdown; the first error of a section sticks.
type doc struct {
	bytes.Buffer
	err error
}

// esc escapes text from the data (codec names, configuration values) for
// Markdown.
func esc(s string) string { return markdown.Escape(s) }

// escapeAll escapes names and joins them with sep.
func escapeAll(names []string, sep string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = esc(n)
	}
	return strings.Join(out, sep)
}

// cellName names a cell in text: op/fixture/codec.
func cellName(c rawfmt.Cell) string { return c.Op + "/" + c.Fixture + "/" + c.Codec }

// headView is what templates/head.tmpl shows: the title, where the page's
// numbers come from and what stands between the reader and them.
type headView struct {
	Machine, Kind, Stamp string
	RunPage              bool
	Raw                  Link
	Trust                trustView
	Newer                []Link
}

// runView is what templates/run.tmpl shows: the command, the configuration
// and the codecs of the run.
type runView struct {
	HasCommand      bool
	Command, Fence  string
	Config, Codecs  [][]string
	Floor, AllocRef string // what the harness columns measure, if present
}

func (p Page) readme(notes []string, tabs []table, chs []chart) ([]byte, error) {
	var d doc
	r := p.A.Run
	raw := Link{"raw/" + r.Raw.File, p.Raw}
	d.section("head", headView{
		Machine: esc(p.Machine), Kind: r.Raw.Kind(), Stamp: r.Raw.Name.Stamp.Format("2006-01-02 15:04:05 UTC"),
		RunPage: p.RunPage, Raw: raw, Trust: trust(p.A, raw), Newer: p.Newer,
	})
	if p.A.Publishes() {
		rs := rankings(r)
		decision(&d, r, rs, p.probesLink())
		choose(&d, p.A, rs)
	} else {
		withheld(&d)
	}
	d.section("run", p.run(raw))
	v := view{Page: p, R: r}
	var found []string
	if p.A.Publishes() {
		var err error
		if found, err = findings(p); err != nil {
			return nil, err
		}
	}
	d.section("lists", struct{ Notes, Findings []string }{notes, found})
	precision(&d, p.A)
	for _, name := range []string{"harness", "floor", "article", "hits"} {
		d.section(name, v)
	}
	d.section("costmodel", v)
	d.section("instr", v)
	ops(&d, p.A, tabs, chs)
	method(&d, p.A)
	return d.Bytes(), d.err
}

// run is the view of the command, the configuration and the codecs of the
// run.
func (p Page) run(raw Link) runView {
	r := p.A.Run
	var v runView
	if cmd, ok := r.Value(rawfmt.KeyCommand); ok {
		v.HasCommand, v.Command, v.Fence = true, cmd, fence(cmd)
	}
	v.Config = [][]string{{"raw file", fmt.Sprintf("%s (%s run, %s)", raw.cell(), r.Raw.Kind(), format.Plural(r.Rounds(), "round"))}}
	for _, c := range r.Config {
		_, isCodec, _ := rawfmt.ParseCodecConfig(c.Key, c.Value)
		if _, _, isSkips, _ := rawfmt.ParseSkips(c.Key, c.Value); isCodec || isSkips || c.Key == rawfmt.KeyCommand {
			continue
		}
		v.Config = append(v.Config, []string{c.Key, cmp.Or(c.Value, "(none)")})
	}
	for _, codec := range r.CodecNames {
		c, ok := r.Codec(codec)
		if !ok {
			v.Codecs = append(v.Codecs, []string{codec, format.None, format.None, format.None})
			continue
		}
		v.Codecs = append(v.Codecs, []string{codec, c.ModuleVersion, c.Category, c.Engine})
	}
	for _, c := range r.Codecs {
		if !slices.Contains(r.CodecNames, c.Name) && !slices.Contains(r.HarnessColumns(), c.Name) {
			v.Codecs = append(v.Codecs, []string{c.Name, c.ModuleVersion, c.Category, c.Engine + " (no results in this run)"})
		}
	}
	if r.Floor {
		v.Floor = floorText
	}
	if r.AllocRef {
		v.AllocRef = allocRefText
	}
	return v
}

// floorText and allocRefText say what the harness columns beside the codecs
// measure.
var (
	floorText = fmt.Sprintf("The floor, `%s`, is no codec: it does the least work the operation cannot avoid, and allocates nothing. For a decoder it reads every byte of the input once, writing nothing; for an encoder it copies encoding/json's compact output of the document into one buffer reused from call to call. A codec that reads (or writes) the whole document cannot take less time. The tables show it as their last column and the charts as a dashed grey line; it has no fit and no place in any ranking.", rawfmt.Floor)

	allocRefText = fmt.Sprintf("`%s` is no codec and no floor: this run predates the floor, and its `%s` cells copy the bytes of the operation (decode: the input; encode: the compact output) into a freshly allocated buffer on every call, so they time the allocator and the garbage collector as well as the copy. They are an allocation reference: the tables show them as their last column and the charts as a dotted grey line; they have no fit and no place in any ranking, and no codec cell is compared with them.", rawfmt.AllocRef, rawfmt.AllocRef)
)
