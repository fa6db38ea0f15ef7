package render

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

func TestFormat(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{num(5), "5"},
		{num(1.9999999999997), "2"},
		{num(1.9996), "2.00"},
		{num(76.84), "76.8"},
		{num(0.04123), "0.0412"},
		{num(302.4), "302"},
		{num(math.NaN()), none},
		{ns(407), "407 ns"},
		{ns(3679), "3.68 µs"},
		{ns(74816), "74.8 µs"},
		{ns(2.5e6), "2.50 ms"},
		{nsCI(model.Estimate{V: 59.7, Lo: 59.1, Hi: 60.7, HasCI: true}), "59.7 ns [59.1, 60.7]"},
		{times(3679.0 / 407), "9.0×"},
		{times(0.456), "0.46×"},
		{withCI(model.Estimate{V: 9.66, Lo: 9.1, Hi: 10.2, HasCI: true}, times), "9.7× [9.1×, 10.2×]"},
		{timesCI(model.Estimate{V: 0.456, Lo: 0.41, Hi: 1.2, HasCI: true}), "0.46× [0.41, 1.2]"},
		{timesCI(model.Estimate{V: 2, Lo: 2, Hi: 2, HasCI: true}), "2.0×"},
		{withCI(model.Estimate{V: -17, Lo: -20, Hi: -11, HasCI: true}, pct), "-17% [-20%, -11%]"},
		{withCI(model.Estimate{V: 2, Lo: 2, Hi: 2, HasCI: true}, num), "2"},
		{pct(88.4), "88%"},
		{pct(3.94), "3.9%"},
		{byteSize(2331), "2331 B"},
		{byteSize(65536), "64 KB"},
		{r2(0.99912), "0.999"},
		{r2(math.NaN()), none},
		{csvFloat(math.Inf(1)), ""},
		{Link{"a<b>", "x/README.md"}.String(), "[a&lt;b&gt;](x/README.md)"},
		{Link{"a&b", "a b/(c)|<d>.md"}.String(), "[a&amp;b](a%20b/%28c%29%7C%3Cd%3E.md)"},
		{Link{"m", "http:x/README.md"}.String(), "[m](./http:x/README.md)"},
		{fence("go run ./scripts/bench"), "```"},
		{fence("a ```` b `` c"), "`````"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestIndex(t *testing.T) {
	full := load.Raw{File: "f.txt", Name: rawfmt.RawName{Kind: rawfmt.KindFull}}
	quick := load.Raw{File: "q.txt", Name: rawfmt.RawName{Kind: rawfmt.KindQuick}}
	page := &load.Run{Raw: full}
	got, err := Index([]IndexMachine{
		{ID: "m&1", Runs: []IndexRun{{Raw: quick, Err: errors.New("empty <file>")}}},
		{ID: "m2", Runs: []IndexRun{{Raw: full}}},
		{ID: "a <b>", Page: page, Runs: []IndexRun{{Raw: full, Page: "a <b>/README.md"}}},
	}, []string{"conformance"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| m&amp;1 | — | — | no usable run |",
		"| m&amp;1 | ",
		"| quick | unusable: empty &lt;file&gt; ([raw file](m&amp;1/raw/q.txt)) |",
		"| m2 | — | — | no usable run |",
		"| [a &lt;b&gt;](a%20%3Cb%3E/README.md) | — | — | f.txt |",
		"| full | [page](a%20%3Cb%3E/README.md) |",
		"- [conformance](conformance/README.md)",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("index lacks %q:\n%s", want, got)
		}
	}
	if strings.HasSuffix(string(got), "\n\n") {
		t.Error("index ends in a blank line")
	}
}
