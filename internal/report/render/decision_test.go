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
				fmt.Fprintf(&b, "%s-2 100 %g ns/op 64 B/op 2 allocs/op\n", rawfmt.Cell{Op: load.OpDecodeStruct, Fixture: fixture, Codec: codec}.Name(), v)
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
	d := sectionText(t, "decision", view{Page: Page{A: &model.Analysis{Run: r}}, R: r, Ranks: rankings(r), Op: load.OpDecodeStruct})
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
	d = sectionText(t, "choose", view{Page: Page{A: model.Analyze(r)}, R: r, Ranks: rankings(r)})
	for _, bad := range []string{"<b>", "&amp;amp;", "&amp;lt;"} {
		if strings.Contains(d, bad) {
			t.Errorf("name escaped wrongly (%q):\n%s", bad, d)
		}
	}
	if !strings.Contains(d, "Faster: x&lt;b&gt;&amp;y = twin on "+load.ArticleSmall) {
		t.Errorf("no advice naming the escaped configuration:\n%s", d)
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
		d := sectionText(t, "decision", view{Page: Page{A: &model.Analysis{Run: r}}, R: r, Ranks: ranks, Op: load.OpDecodeStruct})
		if got := strings.Contains(d, say); got != missing {
			t.Errorf("standing without an interval %v: says %q %v:\n%s", missing, say, got, d)
		}
	}
}
