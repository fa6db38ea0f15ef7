package page

import (
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/report/load"
)

// with returns cells with the median of one cell set to ns.
func with(op, fixture, codec string, ns float64) []cell {
	cs := slices.Clone(cells)
	i := slices.IndexFunc(cs, func(c cell) bool { return c.op == op && c.fixture == fixture && c.codec == codec })
	if i < 0 {
		return append(cs, cell{op, fixture, codec, ns})
	}
	cs[i].ns = ns
	return cs
}

// findings are what only a page that states findings says.
var findings = []string{"## Which codec", "## What asking for only the fields saves", "## CPU at", "saves", "cores busy", "fastest"}

// TestFindings checks that a page states findings only from numbers that
// hold together, and otherwise says at the top which check failed on
// which cells.
func TestFindings(t *testing.T) {
	tests := []struct {
		name   string
		cells  []cell
		rounds int
		wobble float64
		want   string // the problem the page names; "" for a page with findings
	}{
		{"consistent", cells, 6, 0.01, ""},
		{"overlapping intervals", with("roundtrip", "doc", "encoding-json", 995), 6, 0.01, ""},
		{"intervals ±9%", cells, 6, 0.09, ""},
		{"roundtrip faster than its decode", with("roundtrip", "doc", "encoding-json", 500), 6, 0.01,
			"- decode-struct ≤ roundtrip fails on 1 of 1 pairs: decode-struct/doc/encoding-json 1.00 µs [0.990, 1.01] above roundtrip/doc/encoding-json 500 ns [495, 505].\n"},
		{"roundtrip faster than its encode", with("encode-struct", "doc", "encoding-json", 2100), 6, 0.01,
			"- encode-struct ≤ roundtrip fails on 1 of 1 pairs: encode-struct/doc/encoding-json 2.10 µs [2.08, 2.12] above roundtrip/doc/encoding-json 2.00 µs [1.98, 2.02].\n"},
		{"filtered slower than full", with("decode-struct", "doc-filtered", "goccy", 600), 6, 0.01,
			"- <doc>-filtered ≤ <doc> fails on 1 of 2 pairs: decode-struct/doc-filtered/goccy 600 ns [594, 606] above decode-struct/doc/goccy 500 ns [495, 505].\n"},
		{"saving beyond the filtered share", with("decode-struct", "doc-filtered", "encoding-json", 20), 6, 0.01,
			"- decode-struct of the filtered document with encoding-json takes 20.0 ns [19.8, 20.2], under 50% of decode-struct with encoding-json, 1.00 µs [0.990, 1.01], though the filtered document holds 10% of its bytes and 10% of its values: more saved than its size allows.\n"},
		{"too wide", cells, 6, 0.3,
			"- The median 95% interval of its 12 figures is ±30.0%, wider than the ±10.0% within which a ranking means anything."},
		{"intervals ±11%", cells, 6, 0.11, "- The median 95% interval of its 12 figures is ±11.0%, wider than the ±10.0%"},
		{"too wide on a busy host", cells, 6, 0.3, "A tenth of its samples are below 0.70 of their cell's median and a tenth above 1.30: other work on the host slowed this run"},
		{"too few rounds", cells, 5, 0.01,
			"- 12 of 12 figures have too few samples for a 95% interval, which a median needs 6 for.\n"},
	}
	for _, tt := range tests {
		info := Info{Doc: "doc.json", Name: "doc", Filtered: "doc-filtered", Samples: 1, Fields: []string{"id"}, PerRequest: 1}
		b, err := Render(syntheticRun(t, tt.cells, tt.rounds, tt.wobble), info)
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		top, rest, _ := strings.Cut(page, "The document holds")
		if tt.want == "" {
			if strings.Contains(page, "## No finding") {
				t.Errorf("%s: the page states no finding:\n%s", tt.name, top)
			}
			for _, f := range findings {
				if !strings.Contains(flat(page), flat(f)) {
					t.Errorf("%s: the page does not say %q", tt.name, f)
				}
			}
			continue
		}
		if !strings.HasPrefix(top, "# What `doc.json` costs\n\n## No finding\n\n") || !strings.Contains(flat(top), flat(tt.want)) {
			t.Errorf("%s: the top of the page does not say\n\t%s\nit says\n%s", tt.name, tt.want, top)
		}
		for _, f := range findings {
			if strings.Contains(flat(rest), flat(f)) {
				t.Errorf("%s: the page states no finding yet says %q", tt.name, f)
			}
		}
		if !strings.Contains(rest, "## Every codec, per operation") {
			t.Errorf("%s: the page has no tables", tt.name)
		}
	}
}

// TestBelowShare: a filtered decode is held to the smaller of its shares
// of the document's bytes and values. Here it takes a tenth of the full
// decode's time (100 ns of 1.00 µs), which is under half of a share of
// 40% or more, but not of 10%.
func TestBelowShare(t *testing.T) {
	tests := []struct {
		name          string
		bytes, values float64 // the filtered document's, of 5000 B and 100 values
		want          string  // "" for no problem
	}{
		{"both shares 10%", 500, 10, ""},
		{"bytes 50%, values 10%", 2500, 10, ""},
		{"bytes 10%, values 50%", 500, 50, ""},
		{"bytes 50%, values 40%", 2500, 40, "holds 50% of its bytes and 40% of its values: more saved than its size allows."},
		{"both shares 60%", 3000, 60, "holds 60% of its bytes and 60% of its values: more saved than its size allows."},
	}
	for _, tt := range tests {
		run := synthetic(t)
		run.Sizes["doc-filtered"] = load.Size{Fields: tt.values, DocBytes: tt.bytes, HasFields: true, HasDocBytes: true}
		p := &page{Run: run, Info: Info{Name: "doc", Filtered: "doc-filtered"}}
		got := p.belowShare("encoding-json")
		if tt.want == "" && got != "" || tt.want != "" && !strings.HasSuffix(got, tt.want) {
			t.Errorf("%s: belowShare = %q, want %q", tt.name, got, tt.want)
		}
	}
}
