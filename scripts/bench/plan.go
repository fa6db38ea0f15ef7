package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/meter"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A plan is the blocks a run times, one per operation and document.
type plan struct {
	blocks  []meter.Block
	sizes   map[rawfmt.Cell]meter.Size
	added   map[string][]string // by base configuration, the operations it joined a narrowed run for
	skipped []jsoncost.Skip
}

// newPlan returns the plan of sel: every cell of the matrix of cs it
// selects and the noop cell, each paired with its partner (rawfmt.Partner).
// The base of each operation runs on every document of the operation too,
// even when sel names other codecs: every ratio is against it, and it
// carries each document to the anchor.
func newPlan(cs codecs.List, sel rawfmt.Selection) (*plan, error) {
	cells, skipped, err := jsoncost.Matrix(cs, sel)
	if err != nil {
		return nil, err // it names the dimension and lists the valid names
	}
	if len(cells) == 0 {
		return nil, noCells(skipped)
	}
	all, err := jsoncost.AllCells(cs)
	if err != nil {
		return nil, err
	}
	byName := map[rawfmt.Cell]jsoncost.Cell{}
	for _, c := range all {
		byName[c.Name()] = c
	}
	selected := map[rawfmt.Cell]bool{}
	for _, c := range cells {
		selected[c.Name()] = true
	}
	p := &plan{sizes: map[rawfmt.Cell]meter.Size{}, added: map[string][]string{}, skipped: skipped}
	blockOf := map[string]int{} // a block's index by its name
	add := func(c jsoncost.Cell) {
		name := c.Name()
		if _, added := p.sizes[name]; added {
			return
		}
		key := name.Op + " " + name.Fixture
		i, ok := blockOf[key]
		if !ok {
			i, blockOf[key], p.blocks = len(p.blocks), len(p.blocks), append(p.blocks, meter.Block{Name: key, Doc: name.Fixture})
		}
		partner, unit := rawfmt.Partner(name, rawfmt.Anchor)
		p.blocks[i].Pairs = append(p.blocks[i].Pairs, meter.Pair{Cell: name, Partner: partner, Unit: unit})
		p.sizes[name] = meter.Size{Fields: c.Fixture.Fields, DocBytes: c.Fixture.Bytes}
	}
	add(jsoncost.NoopCell())
	for _, c := range cells {
		name := c.Name()
		base := rawfmt.Cell{Op: name.Op, Fixture: name.Fixture, Codec: rawfmt.BaseOf(name.Op)}
		b, ok := byName[base]
		if !ok {
			return nil, fmt.Errorf("%s: this binary has no %s cell to pair it with", name, base)
		}
		ops := p.added[base.Codec]
		if _, ok := p.sizes[base]; !ok && !slices.Contains(ops, base.Op) && !selected[base] {
			p.added[base.Codec] = append(ops, base.Op)
		}
		add(b)
		add(c)
	}
	return p, nil
}

// say prints the bases a narrowed run added and the combinations left out.
func (p *plan) say(w io.Writer) {
	for _, codec := range slices.Sorted(maps.Keys(p.added)) {
		fmt.Fprintf(w, "adding %s (the base of %s) to the codecs: each operation's ratios are against its base\n", codec, strings.Join(p.added[codec], ", "))
	}
	if len(p.skipped) == 0 {
		return
	}
	count := map[string]int{}
	for _, s := range p.skipped {
		count[s.Reason]++
	}
	fmt.Fprintf(w, "skipping %d unsupported combinations:\n", len(p.skipped))
	for _, r := range slices.Sorted(maps.Keys(count)) {
		fmt.Fprintf(w, "  %4d  %s\n", count[r], r)
	}
}

// noCells says why a selection has nothing to run: its skip reasons, each once.
func noCells(skipped []jsoncost.Skip) error {
	var reasons []string
	for _, s := range skipped {
		if !slices.Contains(reasons, s.Reason) {
			reasons = append(reasons, s.Reason)
		}
	}
	if len(reasons) == 0 {
		return errors.New("no cells to run")
	}
	return fmt.Errorf("no cells to run: %s", strings.Join(reasons, "; "))
}
