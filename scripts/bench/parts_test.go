package main

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

func TestSplit(t *testing.T) {
	sel := rawfmt.Selection{Codecs: "goccy", Ops: "decode-map", Fixtures: "fields-0005,fields-0010,bytes-0.25k,bytes-1024k,realworld-citm_catalog"}
	cells, _, err := jsoncost.Matrix(sel)
	if err != nil {
		t.Fatal(err)
	}
	parts := split(cells, sel, "10ms", "10x", 2)
	if len(parts) != 3 {
		t.Fatalf("split into %d parts, want 3", len(parts))
	}
	small, fields, large := parts[0], parts[1], parts[2]
	if small.benchtime != "10ms" || fields.benchtime != "10ms" || large.benchtime != "10x" {
		t.Errorf("benchtimes %q, %q and %q, want 10ms, 10ms and 10x", small.benchtime, fields.benchtime, large.benchtime)
	}
	if small.passes != 1 || fields.passes != 2 || large.passes != 1 {
		t.Errorf("passes %d, %d and %d, want 1, 2 and 1", small.passes, fields.passes, large.passes)
	}
	if small.sel.Fixtures != `bytes-0\.25k,bytes-1024k` || fields.sel.Fixtures != "fields-0005,fields-0010" || large.sel.Fixtures != "realworld-citm_catalog" {
		t.Errorf("fixtures %q, %q and %q", small.sel.Fixtures, fields.sel.Fixtures, large.sel.Fixtures)
	}
	if small.sel.Codecs != sel.Codecs || large.sel.Ops != sel.Ops || fields.sel.Codecs != sel.Codecs {
		t.Error("a part lost the codec or operation selection")
	}
	for _, c := range cells {
		in := 0
		for _, p := range parts {
			if p.want[c.Name()] {
				in++
			}
		}
		if in != 1 || large.want[c.Name()] != (c.Fixture.Fields >= slowFields) || fields.want[c.Name()] != (c.Fixture.Family == "fields") {
			t.Errorf("%s (%g values) is in the wrong part", c, c.Fixture.Fields)
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
	if got, want := perRound(parts), len(cells)+len(fields.want); got != want {
		t.Errorf("a round times %d cells, want %d", got, want)
	}
	if one := split(cells, sel, "10ms", "", 1); len(one) != 1 || len(one[0].want) != len(cells) {
		t.Errorf("without a large benchtime and with one pass: %d parts, want one with every cell", len(one))
	}
	if only := split(cells[:1], sel, "10ms", "10x", 2); len(only) != 1 {
		t.Errorf("an empty part was kept")
	}
}

// TestRuns: a round runs each part as often as its passes, in an order
// that the seed and round alone decide, numbering its runs after the
// previous rounds'.
func TestRuns(t *testing.T) {
	parts := []part{{benchtime: "a", passes: 1}, {benchtime: "b", passes: 2}}
	orders := map[string]bool{}
	next := runs(parts, 7)
	for r := 1; r <= 20; r++ {
		rs := next(r)
		got := benchtimes(rs)
		if !slices.Equal(got, benchtimes(runs(parts, 7)(r))) {
			t.Fatal("the same seed and round gave two orders")
		}
		if !slices.Equal(slices.Sorted(slices.Values(got)), []string{"a", "b", "b"}) {
			t.Fatalf("round %d runs %q, want a once and b twice", r, got)
		}
		for i, run := range rs {
			want := []string{"-" + rawfmt.BinarySeedFlag, "7", "-" + rawfmt.BinaryRoundFlag, strconv.Itoa(3*(r-1) + i + 1)}
			if !slices.Equal(run.Args[len(run.Args)-4:], want) {
				t.Fatalf("round %d, run %d: arguments %q, want them to end %q", r, i, run.Args, want)
			}
		}
		orders[strings.Join(got, "")] = true
	}
	if len(orders) != 3 {
		t.Errorf("in 20 rounds the parts ran in %d orders, want all 3", len(orders))
	}
	if parts[0].benchtime != "a" {
		t.Error("runs changed its argument")
	}
}

func benchtimes(rs []runner.Round) []string {
	var s []string
	for _, r := range rs {
		s = append(s, r.Benchtime)
	}
	return s
}

// A narrowed run adds the base of each operation its codecs run: encoding-json joins the selection, json-v2 gets get5 on the
// selection's fixtures; -no-base, or a selection with the base, adds nothing.
func TestWithBases(t *testing.T) {
	const fields = "fields-0005"
	const full = "decode-struct,decode-map,decode-proj,encode-struct,encode-map,roundtrip"
	v2 := rawfmt.Selection{Codecs: "json-v2", Ops: "get5", Fixtures: fields}
	tests := []struct {
		codecs, ops string
		noBase      bool
		want        []rawfmt.Selection // the groups' selections, the fixtures aside
		added       string
	}{
		{"", "", false, []rawfmt.Selection{{}}, ""},
		{"goccy", "", false, []rawfmt.Selection{{Codecs: "goccy,encoding-json", Ops: full}}, "encoding-json (the base of decode-struct, decode-map, decode-proj, encode-struct, encode-map, roundtrip)"},
		{"goccy", "decode-map", false, []rawfmt.Selection{{Codecs: "goccy,encoding-json", Ops: "decode-map"}}, "encoding-json (the base of decode-map)"},
		{"sonic-.*", "decode-.*,get5", false, []rawfmt.Selection{{Codecs: "sonic-.*,encoding-json", Ops: "decode-struct,decode-map,decode-proj,get5"}, v2},
			"encoding-json (the base of decode-struct, decode-map, decode-proj), json-v2 (the base of get5)"},
		{"easyjson", "decode-map,encode-.*", false, []rawfmt.Selection{{Codecs: "easyjson,encoding-json", Ops: "encode-struct"}}, "encoding-json (the base of encode-struct)"},
		{"fastjson", "", false, []rawfmt.Selection{{Codecs: "fastjson"}, v2}, "json-v2 (the base of get5)"},
		{"json-v2", "", false, []rawfmt.Selection{{Codecs: "json-v2,encoding-json", Ops: full + ",get5"}}, "encoding-json (the base of decode-struct, decode-map, decode-proj, encode-struct, encode-map, roundtrip)"},
		{"fastjson,json-v2", "get5", false, []rawfmt.Selection{{Codecs: "fastjson,json-v2", Ops: "get5"}}, ""},
		{"goccy,encoding-json", "", false, []rawfmt.Selection{{Codecs: "goccy,encoding-json"}}, ""},
		{"encoding.*", "", false, []rawfmt.Selection{{Codecs: "encoding.*"}}, ""},
		{"goccy", "", true, []rawfmt.Selection{{Codecs: "goccy"}}, ""},
		{"fastjson", "", true, []rawfmt.Selection{{Codecs: "fastjson"}}, ""},
	}
	for _, tt := range tests {
		groups, added, _, err := withBases(rawfmt.Selection{Codecs: tt.codecs, Ops: tt.ops, Fixtures: fields}, tt.noBase)
		if err != nil {
			t.Fatal(err)
		}
		var sels []rawfmt.Selection
		seen := map[rawfmt.Cell]bool{}
		for _, g := range groups {
			sels = append(sels, g.sel)
			for _, c := range g.cells {
				if seen[c.Name()] {
					t.Errorf("%s: cell %s is in two groups", tt.codecs, c)
				}
				seen[c.Name()] = true
			}
		}
		for i := range tt.want {
			tt.want[i].Fixtures = fields
		}
		if got := strings.Join(added, ", "); got != tt.added || !reflect.DeepEqual(sels, tt.want) {
			t.Errorf("withBases(%q, ops %q, no-base %t) = %v, added %q; want %v, %q", tt.codecs, tt.ops, tt.noBase, sels, got, tt.want, tt.added)
		}
		if len(groups) > 1 && !slices.ContainsFunc(groups[1].cells, func(c jsoncost.Cell) bool { return c.Codec.Name == "json-v2" && c.Op == "get5" }) {
			t.Errorf("%s: the json-v2 group has no get5 cell: %v", tt.codecs, groups[1].cells)
		}
	}
}
