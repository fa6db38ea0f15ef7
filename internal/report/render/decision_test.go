package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// loadRun loads a raw file of six rounds of decode-struct cells, ns[fixture][codec]
// being each cell's median ns/op; every round moves a cell by spread[codec]
// (relative, default 1%), alternately up and down.
func loadRun(t *testing.T, ns map[string]map[string]float64, spread map[string]float64) *load.Run {
	t.Helper()
	var b strings.Builder
	b.WriteString(rawfmt.CodecConfig{Name: rawfmt.Base, ModuleVersion: "std@go1.26.8", Category: "std", Engine: "native"}.Format() + "\n")
	for round := range 6 {
		for fixture, codecs := range ns {
			for codec, v := range codecs {
				sd := spread[codec]
				if sd == 0 {
					sd = 0.01
				}
				v *= 1 + sd*float64(round-3+round%2)
				fmt.Fprintf(&b, "%s-2 100 %g ns/op 64 B/op 2 allocs/op\n", rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: fixture, Codec: codec}.Name(), v)
			}
		}
	}
	return loadtest.Load(t, rawfmt.KindFull, b.String())
}

// TestDecisionTable checks the rows of the ranking: fastest median first,
// a shared rank where intervals overlap, names escaped.
func TestDecisionTable(t *testing.T) {
	r := loadRun(t, map[string]map[string]float64{
		load.ArticleSmall: {rawfmt.Base: 1000, "x<b>&y": 400, "twin": 410, "slow": 3000, "noisy": 900},
		load.ArticleLarge: {rawfmt.Base: 9000, "x<b>&y": 5000, "twin": 2000, "slow": 30000},
	}, map[string]float64{"noisy": 0.1})
	d, err := newDecision(r, rawfmt.OpDecodeStruct, rankings(r)).Table.Markdown()
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, line := range strings.Split(d, "\n") {
		if cells := strings.Split(line, " | "); len(cells) > 3 && strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, "| document") {
			rows = append(rows, strings.TrimPrefix(cells[0], "| ")+" "+cells[1]+" "+cells[2])
		}
	}
	want := []string{
		// 400 and 410 overlap; the noisy 900 overlaps the base's 1000.
		load.ArticleSmall + " =1 x&lt;b&gt;&amp;y", " =1 twin", " =3 noisy", " =3 " + rawfmt.Base, " 5 slow",
		load.ArticleLarge + " 1 twin", " 2 x&lt;b&gt;&amp;y", " 3 " + rawfmt.Base, " 4 slow",
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	d = choose(r, rankings(r))[0].Faster
	for _, bad := range []string{"<b>", "&amp;amp;", "&amp;lt;"} {
		if strings.Contains(d, bad) {
			t.Errorf("name escaped wrongly (%q):\n%s", bad, d)
		}
	}
	if want := "x&lt;b&gt;&amp;y = twin on " + load.ArticleSmall + " (0.400×); twin on " + load.ArticleLarge + " (0.222×)"; d != want {
		t.Errorf("faster than std: %s, want %s", d, want)
	}
}

// TestDecisionMissingCI checks that the rankings say when a standing has no
// interval, and only then.
func TestDecisionMissingCI(t *testing.T) {
	r := loadRun(t, map[string]map[string]float64{load.ArticleSmall: {rawfmt.Base: 1000, "x": 400}}, nil)
	const say = "too few samples for an interval"
	ranks := rankings(r)
	for _, missing := range []bool{false, true} {
		if missing {
			ranks[0].Standings[1].Ratio.HasCI = false
		}
		d := newDecision(r, rawfmt.OpDecodeStruct, ranks)
		v := opView{view: &view{Page: Page{A: model.Analyze(r)}}, opPage: opPage{Decision: &d}}
		if got := strings.Contains(sectionText(t, "decision", v), say); got != missing || d.Miss != missing {
			t.Errorf("standing without an interval %v: says %q %v, Miss %v", missing, say, got, d.Miss)
		}
	}
}
