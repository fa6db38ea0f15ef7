package render

import (
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// The cross-machine page names each machine's CPU, with its generation where
// recorded, says where the machines ran different Go, gives each operation's
// rank agreement, the documents whose fastest codec changes, the ratios side
// by side with the machines' apart in bold, and each machine's instruction
// agreement or that it has none.
func TestMachinesPage(t *testing.T) {
	times := map[string]curve{rawfmt.Base: line(300, 250), "fast": line(100, 60), "slow": line(500, 400)}
	one := analyze(t, "go: go1.26.8\n"+synthRaw(times), instrRaw(times)).Run
	times["fast"] = func(n float64) float64 {
		if n == 50 { // five times dearer: the base wins there
			return 5 * (100 + 60*n)
		}
		return 100 + 60*n
	}
	two := analyze(t, "go: go1.27.3\n"+rawfmt.KeyCPU+": AMD EPYC\n"+rawfmt.KeyGeneration+": family 25 model 17 stepping 1\n"+synthRaw(times), "").Run
	p := MachinesPage{F: model.CompareMachines([]string{"one", "two"}, []*load.Run{one, two}), Results: "..", Pages: []string{"one/README.md", "two/README.md"}}
	files, err := p.Files()
	if err != nil {
		t.Fatal(err)
	}
	page := string(files["README.md"])
	for _, want := range []string{
		"- [one](../one/README.md): cpu not recorded, go1.26.8, sonic engine —; full run [" + one.Raw.File + "](../one/raw/" + one.Raw.File + ") of 6 rounds, median",
		"- [two](../two/README.md): AMD EPYC (family 25 model 17 stepping 1), go1.27.3, sonic engine —; full run [",
		"interval ±2.4%, samples 0.98–1.02 of their cell's median from the 10th to the 90th percentile;",
		"| [decode-map](#decode-map) | 10 | 1.00 (0.500, fields-0050) | 0.991 | 1 | 1 | yes |",
		"**Not the same Go:** one ran go1.26.8, two ran go1.27.3.",
		"- one and two: within one document, median ρ = 1.00 over 10 documents, lowest 0.500 (fields-0050); over 30 common cells, ρ = 0.991.",
		"The fastest codec changes on 1 of 10 documents:",
		"| fields-0050 | fast | encoding-json | yes |",
		"### decode-map on fields-0050: ns/op over encoding-json's",
		"| fast | **0.242× [", "]** | **1.21× [", // bold: beyond its interval (whose bounds a bootstrap draws)
		"### one\n\nFrom [" + one.Instr.Raw.File + "](../one/raw/" + one.Instr.Raw.File + "), counted with go1.26.8",
		"| decode-map | 30 | 1.00 | 1.00 (1.00, fields-0001) |",
		"two has no instruction count (`make bench-instr`).",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	if n := strings.Count(page, "**Not the same Go:**"); n != 2 {
		t.Errorf("%d notes of the Go versions, want one per operation (2)", n)
	}
	if strings.Contains(page, "(a busy host)") {
		t.Error("a run whose samples stray 2% is said to be from a busy host")
	}
	if strings.Contains(page, "| fields-0005 | fast |") {
		t.Error("a document whose fastest is the same on both machines is listed as a change")
	}
}

// A machine's spread names a busy host by how far its samples stray.
func TestMachineSpread(t *testing.T) {
	ns := map[string]map[string]float64{load.ArticleLarge: {rawfmt.Base: 1000, "fast": 300}}
	calm := loadRun(t, ns, nil)
	busy := loadRun(t, ns, map[string]float64{rawfmt.Base: 0.1, "fast": 0.1})
	p := MachinesPage{F: model.CompareMachines([]string{"calm", "busy"}, []*load.Run{calm, busy})}
	for i, want := range []spread{
		// Six rounds at 0.97, 0.99, 0.99, 1.01, 1.01 and 1.03 of the median:
		// a median's 95% interval is their whole range.
		{HalfWidth: "±3.0%", Samples: "0.97–1.03"},
		{HalfWidth: "±30.0%", Wide: true, Samples: "0.70–1.26", Busy: true}, // 0.7 to 1.3
	} {
		if got := p.spread(i); got != want {
			t.Errorf("machine %d: spread %+v, want %+v", i, got, want)
		}
	}
}
