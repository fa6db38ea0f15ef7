package main

import (
	"slices"
	"testing"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

func TestSplit(t *testing.T) {
	sel := rawfmt.Selection{Codecs: "goccy", Ops: "decode-map", Fixtures: "fields-0005,bytes-0.25k,bytes-1024k,realworld-citm_catalog"}
	cells, _, err := jsoncost.Matrix(sel)
	if err != nil {
		t.Fatal(err)
	}
	parts := split(cells, sel, "10ms", "10x")
	if len(parts) != 2 {
		t.Fatalf("split into %d parts, want 2", len(parts))
	}
	small, large := parts[0], parts[1]
	if small.benchtime != "10ms" || large.benchtime != "10x" {
		t.Errorf("benchtimes %q and %q, want 10ms and 10x", small.benchtime, large.benchtime)
	}
	if small.sel.Fixtures != `fields-0005,bytes-0\.25k` || large.sel.Fixtures != "bytes-1024k,realworld-citm_catalog" {
		t.Errorf("fixtures %q and %q", small.sel.Fixtures, large.sel.Fixtures)
	}
	if small.sel.Codecs != sel.Codecs || large.sel.Ops != sel.Ops {
		t.Error("a part lost the codec or operation selection")
	}
	for _, c := range cells {
		doc, _ := c.Fixture.Data()
		if in := large.want[c.Name()]; in != (len(doc) >= largeDoc) || in == small.want[c.Name()] {
			t.Errorf("%s (%d bytes) is in the wrong part", c, len(doc))
		}
	}
	// Each part's selection selects exactly its cells.
	for _, p := range parts {
		got, _, err := jsoncost.Matrix(p.sel)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(p.want) {
			t.Errorf("part %q selects %d cells, holds %d", p.sel.Fixtures, len(got), len(p.want))
		}
	}
	if one := split(cells, sel, "10ms", ""); len(one) != 1 || len(one[0].want) != len(cells) {
		t.Errorf("without a large benchtime: %d parts, want one with every cell", len(one))
	}
	if only := split(cells[:1], sel, "10ms", "10x"); len(only) != 1 {
		t.Errorf("an empty part was kept")
	}
}

func TestShuffledParts(t *testing.T) {
	parts := []part{{benchtime: "a"}, {benchtime: "b"}}
	orders := map[string]bool{}
	for r := 1; r <= 20; r++ {
		got := shuffled(parts, 7, r)
		if !slices.Equal(benchtimes(got), benchtimes(shuffled(parts, 7, r))) {
			t.Fatal("the same seed and round gave two orders")
		}
		orders[benchtimes(got)[0]] = true
	}
	if len(orders) != 2 {
		t.Error("in 20 rounds the parts always ran in one order")
	}
	if benchtimes(parts)[0] != "a" {
		t.Error("shuffled changed its argument")
	}
}

func benchtimes(ps []part) []string {
	var s []string
	for _, p := range ps {
		s = append(s, p.benchtime)
	}
	return s
}

func TestWithBase(t *testing.T) {
	tests := []struct {
		codecs string
		noBase bool
		want   string // the codec selection after
		added  bool
	}{
		{"", false, "", false},
		{"goccy", false, "goccy,encoding-json", true},
		{"sonic-.*", false, "sonic-.*,encoding-json", true},
		{"goccy,encoding-json", false, "goccy,encoding-json", false},
		{"encoding.*", false, "encoding.*", false},
		{"goccy", true, "goccy", false},
	}
	for _, tt := range tests {
		o := options{sel: rawfmt.Selection{Codecs: tt.codecs}, noBase: tt.noBase}
		if added := withBase(&o); added != tt.added || o.sel.Codecs != tt.want {
			t.Errorf("withBase(%q, no-base %t) = %t, %q; want %t, %q", tt.codecs, tt.noBase, added, o.sel.Codecs, tt.added, tt.want)
		}
	}
}
