package render

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// instrRaw is an instruction count of decode-map, as scripts/instr writes
// it: exact counts, one per cell, and the iterations they come from.
func instrRaw(codecs map[string]curve) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: go1.26.8\n%s: 1a2b3c4\n%s: 1\n%s: off\n", rawfmt.KeyGo, rawfmt.KeyCommit, rawfmt.KeyGOMAXPROCS, rawfmt.KeyGOGC)
	fmt.Fprintf(&b, "%s %s %s\n", rawfmt.UnitMetadata, rawfmt.UnitInstr, rawfmt.AssumeExact)
	fmt.Fprintf(&b, "%s-1 5000 812 %s 5000 %s\n", rawfmt.NoopCell.Name(), rawfmt.UnitInstr, rawfmt.UnitInstrN)
	for codec, c := range codecs {
		for _, n := range sweep {
			cell := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: fmt.Sprintf("fields-%04.0f", n), Codec: codec}
			fmt.Fprintf(&b, "%s-1 5000 %.1f %s 5000 %s\n", cell.Name(), c(n), rawfmt.UnitInstr, rawfmt.UnitInstrN)
		}
	}
	return b.String()
}

// The machine page shows the instruction count beside the run: counts,
// ratios to the base, fitted cost per field, rank agreement with time, and
// what counts miss.
func TestInstrSection(t *testing.T) {
	times := map[string]curve{rawfmt.Base: line(300, 250), "fast": line(100, 60)}
	counts := map[string]curve{rawfmt.Base: line(2000, 900), "fast": func(n float64) float64 { return 1000 + 300*math.Pow(n, 1.2) }}
	a := analyze(t, synthRaw(times), instrRaw(counts))
	if a.Instr == nil {
		t.Fatal("no instruction analysis")
	}
	d := pagesOf(t, Page{A: a, Raw: "raw/r.txt"})["ops/decode-map.md"]
	got := d
	for _, want := range []string{
		"## Instruction counts",
		"Counted with go1.26.8 at commit 1a2b3c4, GOMAXPROCS=1, GOGC=off",
		"cache or TLB miss", "SIMD instruction", "GOGC=off the collector never runs",
		"The harness's own `noop` cell counts 812 instructions per operation.",
		"Spearman's ρ = 0.973 over 20 common cells",
		"| codec | 1 | 2 | 5 | 10 | 20 | 50 | 100 | 200 | 500 | 1000 |",
		"| encoding-json | 2900 | 3800 | 6500 | 11 k | 20 k | 47 k | 92 k | 182 k | 452 k | 902 k |",
		"| fast | 1300 | 1689 | ",
		"| fast | 0.448× | 0.445× | ",
		"| encoding-json | a + 900·n | 2000 | 1300 · 940 · 902 | 1.00 | 0.0% (fields-",
		"| fast | a + 300·n^1.20 | ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("instruction section lacks %q:\n%s", want, got)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if n := len([]rune(l)); strings.HasPrefix(l, "|") && n > 160 {
			t.Errorf("table line of %d characters: %s", n, l)
		}
	}

	without := analyze(t, synthRaw(times), "")
	d = pagesOf(t, Page{A: without})["ops/decode-map.md"]
	if strings.Contains(d, "## Instruction counts") {
		t.Errorf("a run without an instruction count has the section:\n%s", d)
	}
}

// The precision section lists the cells wider than ±10.0% by operation and
// codec.
func TestPrecisionSection(t *testing.T) {
	a := analyze(t, synthRaw(map[string]curve{rawfmt.Base: line(300, 250)}), "")
	d := pagesOf(t, Page{A: a})["README.md"]
	if got := d; !strings.Contains(got, "| decode-map | 10 | ±2.4% | ±2.4% | 0.98–1.02 | 0 |") || !strings.Contains(got, "| **all operations** | **20** | **±2.4%** | **±2.4%** | **0.98–1.02** | **0** |") || !strings.Contains(got, "| `fields-*` | 20 | ±2.4% | ±2.4% | 0.98–1.02 | 0 |") || strings.Contains(got, "wider than ±10.0%, by") {
		t.Errorf("precision of a quiet run:\n%s", got)
	}
	text := synthRaw(map[string]curve{rawfmt.Base: line(300, 250)})
	loud := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: "fields-0020", Codec: rawfmt.Base}.Name() + "-2 100 9000 " + rawfmt.UnitNs + "\n"
	a = analyze(t, text+loud, "")
	d = pagesOf(t, Page{A: a})["README.md"]
	for _, want := range []string{"| decode-map | 10 | ", "| 1 |\n", "| decode-map | encoding-json |  |  |  |  | ±", "| 1000 |"} {
		if !strings.Contains(d, want) {
			t.Errorf("precision of a run with a wide cell lacks %q:\n%s", want, d)
		}
	}
}
