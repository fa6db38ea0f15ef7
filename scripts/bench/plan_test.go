package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestPlan: every cell of the selection is in the block of its operation
// and document, paired with its partner; a narrowed run adds each
// operation's base and says so; the noop cell is paired with the anchor.
func TestPlan(t *testing.T) {
	p, err := newPlan(codecs.All(), rawfmt.Selection{Codecs: "goccy,gjson", Ops: "decode-map,get5", Fixtures: "fields-0005"})
	if err != nil {
		t.Fatal(err)
	}
	got, blocks := map[string]string{}, map[string]bool{}
	for _, b := range p.blocks {
		if blocks[b.Name] {
			t.Errorf("two blocks are named %s: the cells of one operation and document are measured in one", b.Name)
		}
		blocks[b.Name] = true
		for _, pr := range b.Pairs {
			if b.Doc != pr.Cell.Fixture || !strings.HasPrefix(b.Name, pr.Cell.Op+" ") {
				t.Errorf("%s in block %s of %s", pr.Cell, b.Name, b.Doc)
			}
			got[pr.Cell.String()] = pr.Partner.String() + " " + pr.Unit
		}
	}
	cell := func(op, fixture, codec string) string {
		return rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}.String()
	}
	want := map[string]string{
		rawfmt.NoopCell.String():                        cell("decode-struct", rawfmt.Anchor, rawfmt.Base) + " " + rawfmt.UnitAnchorNs,
		cell("decode-map", "fields-0005", "goccy"):      cell("decode-map", "fields-0005", rawfmt.Base) + " " + rawfmt.UnitBaseNs,
		cell("decode-map", "fields-0005", rawfmt.Floor): cell("decode-map", "fields-0005", rawfmt.Base) + " " + rawfmt.UnitBaseNs,
		cell("decode-map", "fields-0005", rawfmt.Base):  cell("decode-map", rawfmt.Anchor, rawfmt.Base) + " " + rawfmt.UnitAnchorNs,
		cell("get5", "fields-0005", "gjson"):            cell("get5", "fields-0005", rawfmt.V2Base) + " " + rawfmt.UnitBaseNs,
		cell("get5", "fields-0005", rawfmt.V2Base):      cell("get5", rawfmt.Anchor, rawfmt.V2Base) + " " + rawfmt.UnitAnchorNs,
		cell("get5", "fields-0005", "goccy"):            "",
	}
	for c, w := range want {
		if got[c] != w {
			t.Errorf("%s paired with %q, want %q", c, got[c], w)
		}
	}
	if len(got) != len(want)-1 {
		t.Errorf("plan has %d cells, want %d: %v", len(got), len(want)-1, got)
	}
	var said bytes.Buffer
	p.say(&said)
	for _, line := range []string{"adding encoding-json (the base of decode-map)", "adding json-v2 (the base of get5)"} {
		if !strings.Contains(said.String(), line) {
			t.Errorf("the plan does not say %q:\n%s", line, &said)
		}
	}
}
