package render

import (
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// An opPage is one operation's page, ops/<op>.md: its ranking, cost model,
// instruction counts, benchstat table and charts.
type opPage struct {
	Op, File, OpCode string // OpCode is the operation as code, escaped
	OpRaw            Link   // the raw file, from the operation's page
	Decision         *decision
	Cost             costModel
	Instr            *instr
	Table            *opTable
}

// An opTable is the benchstat table of an operation.
type opTable struct {
	File    Link
	Base    string // the codec of its base column
	OwnBase bool   // Base is the operation's base (model.BaseOf), not its first column
	NoCI    bool   // the run has too few rounds for benchstat's intervals
}

// An opView is what an operation's page is executed on.
type opView struct {
	*view
	opPage
	Charts []caption
}

func newOpPage(v *view, op string, ranks []ranking) opPage {
	r := v.R
	o := opPage{Op: op, File: opFile(op), OpCode: markdown.Escape(code(op)), OpRaw: Link{"raw/" + r.Raw.File, "../" + v.Page.Raw},
		Cost: newCostModel(v.A.Model, op), Instr: newInstr(v, op)}
	if v.Publish {
		d := newDecision(r, op, ranks)
		o.Decision = &d
	}
	if cols := r.Columns(op); len(cols) > 0 {
		file := "tables/" + op + ".txt"
		t := &opTable{File: Link{file, "../" + file}, Base: model.BaseOf(r, op), OwnBase: true, NoCI: r.Rounds() < model.MinMedianSamples}
		if t.Base == "" {
			t.Base, t.OwnBase = cols[0], false
		}
		o.Table = t
	}
	return o
}

// A caption is what the operation's page says under a chart.
type caption struct {
	names
	Op, Unit, What, Alt   string // Op escaped; Unit "" for the real-world throughput
	Href                  string
	HasFloor, HasAllocRef bool   // the chart has the floor's line, the allocation reference's
	Omitted, Same         string // the codecs left off the log axis, the groups of identical lines, escaped
}

// captions are the captions of op's charts.
func captions(r *load.Run, op string, charts []chart) []caption {
	var out []caption
	for _, c := range charts {
		if c.Op != op {
			continue
		}
		cp := caption{Op: markdown.Escape(op), Unit: c.Unit, What: c.What, Alt: markdown.Escape(op) + " " + c.Unit + " against fields", Href: Link{Href: "../" + c.File}.href(),
			HasFloor: r.Has(op, rawfmt.Floor), HasAllocRef: r.Has(op, rawfmt.AllocRef), Omitted: escapeAll(c.Omitted, ", ")}
		var same []string
		for _, g := range c.Same {
			same = append(same, escapeAll(g, " = "))
		}
		cp.Same = strings.Join(same, "; ")
		if c.Unit == "" {
			cp.Alt = markdown.Escape(op) + " MB/s per real-world corpus"
		}
		out = append(out, cp)
	}
	return out
}

// escapeAll escapes names and joins them with sep.
func escapeAll(names []string, sep string) string {
	out := slices.Clone(names)
	for i, n := range out {
		out[i] = markdown.Escape(n)
	}
	return strings.Join(out, sep)
}
