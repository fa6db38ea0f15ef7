package format_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// spread are six samples relative to their median: the 95% interval of a
// median of six is their range, so every cell measured with them has an
// interval of half-width 12.3%, too wide for any page to rank on.
var spread = []float64{0.877, 1, 1, 1, 1, 1.05}

// TestOneValueEveryPage renders cells of the same spread through the
// machine page, the own-document page and the HTTP page, and checks that
// each says, with the same numbers, that their median interval is too
// wide: the first two in model.Verdict's one sentence.
func TestOneValueEveryPage(t *testing.T) {
	hw, bound := format.HalfWidth(12.3), format.HalfWidth(100*model.WideHalfWidth)
	pages := []struct {
		name, page, says string
	}{
		{"machine page", machinePage(t), "is " + hw + ", wider than the " + bound + " within which a ranking means anything."},
		{"own-document page", docPage(t), "is " + hw + ", wider than the " + bound + " within which a ranking means anything."},
		{"HTTP page", httpPage(t), "per request is " + hw + ", over " + bound + "."},
	}
	for _, p := range pages {
		if !strings.Contains(strings.Join(strings.Fields(p.page), " "), p.says) {
			t.Errorf("the %s does not say %q:\n%s", p.name, p.says, p.page)
		}
	}
}

// raw writes text to a raw file of a full run and loads it.
func raw(t *testing.T, text string) *load.Run {
	t.Helper()
	name := rawfmt.NewRawName(time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC), rawfmt.KindFull)
	path := filepath.Join(t.TempDir(), name.String())
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := load.Load(load.Raw{Path: path, File: name.String(), Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// cells writes six rounds of decode-struct with encoding-json on each
// fixture, its ns/op spread as spread.
func cells(fixtures ...string) string {
	var b strings.Builder
	b.WriteString(rawfmt.CodecConfig{Name: rawfmt.Base, ModuleVersion: "std@go1.26.8", Category: "std", Engine: "native"}.Format() + "\n")
	for _, s := range spread {
		for _, f := range fixtures {
			fmt.Fprintf(&b, "%s-2 100 %g %s 10 %s 500 %s\n", rawfmt.Cell{Op: string(rawfmt.OpDecodeStruct), Fixture: f, Codec: rawfmt.Base}.Name(),
				1000*s, rawfmt.UnitNs, rawfmt.UnitFields, rawfmt.UnitDocB)
		}
	}
	return b.String()
}

func machinePage(t *testing.T) string {
	run := raw(t, cells(load.ArticleSmall, load.ArticleLarge))
	files, _, err := render.Page{Machine: "linux-amd64-test", A: model.Analyze(run), Raw: "raw/" + run.Raw.File}.Files()
	if err != nil {
		t.Fatal(err)
	}
	return string(files["README.md"])
}

func docPage(t *testing.T) string {
	p, err := page.Render(raw(t, cells("doc")), page.Info{Doc: "doc.json", Name: "doc", Filtered: "doc-filtered", Samples: 1})
	if err != nil {
		t.Fatal(err)
	}
	return string(p)
}

func httpPage(t *testing.T) string {
	var b strings.Builder
	b.WriteString("workers: 64\nrate: 200\n\n")
	for _, s := range spread {
		fmt.Fprintf(&b, "Benchmark%s 1000 %g %s %g %s\n", rawfmt.HTTPCell{Scenario: httpbench.Base(64), Load: rawfmt.HTTPLoad{Workers: 64}}.Name(),
			1000/s, rawfmt.UnitReqs, 1e5*s, rawfmt.UnitAPICPU)
	}
	run, err := httppage.Read("raw.txt", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	p, err := httppage.Page(run, "linux-amd64-test", false)
	if err != nil {
		t.Fatal(err)
	}
	return string(p)
}
