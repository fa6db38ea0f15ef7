package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// upgradeRaw is an upgrade run of 6 rounds: encoding-json 40% faster on go1.27.3 than on go1.26.8 and on
// go1.27.3+nojsonv2, goccy the same on all three, each round's builds in a different order.
func upgradeRaw() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: linux\n%s: amd64\n%s: Synthetic CPU\n%s: 1a2b3c4\n%s: 6\n%s: 1\n", rawfmt.KeyGOOS, rawfmt.KeyGOARCH, rawfmt.KeyCPU, rawfmt.KeyCommit, rawfmt.KeyRounds, rawfmt.KeyFieldsPasses)
	fmt.Fprintf(&b, "%s: go1.26.8 go1.27.3 go1.27.3+nojsonv2\n", rawfmt.KeyBuilds)
	fmt.Fprintf(&b, "%sgo1.26.8: go=go1.26.8 goexperiment= encoding-json-engine=v1-engine\n", rawfmt.KeyBuildPrefix)
	fmt.Fprintf(&b, "%sgo1.27.3: go=go1.27.3 goexperiment= encoding-json-engine=v2-engine\n", rawfmt.KeyBuildPrefix)
	fmt.Fprintf(&b, "%sgo1.27.3+nojsonv2: go=go1.27.3-X:nojsonv2 goexperiment=nojsonv2 encoding-json-engine=v1-engine\n", rawfmt.KeyBuildPrefix)
	b.WriteString(rawfmt.CodecConfig{Name: rawfmt.Base, ModuleVersion: "std@go1.27.3", Category: "std", Engine: "v2-engine"}.Format() + "\n")
	b.WriteString(rawfmt.CodecConfig{Name: "goccy", ModuleVersion: "github.com/goccy/go-json@v0.12.0", Category: "std", Engine: "native"}.Format() + "\n")
	orders := [][]string{{"go1.27.3", "go1.26.8", "go1.27.3+nojsonv2"}, {"go1.26.8", "go1.27.3+nojsonv2", "go1.27.3"}}
	for round := range 6 {
		for _, build := range orders[round%2] {
			std := 1000.0
			if build == "go1.27.3" {
				std = 600
			}
			jitter := float64(round) * 3
			fmt.Fprintf(&b, "%s: %s\n", rawfmt.KeyBuild, build)
			b.WriteString(cellLine("decode-struct", "fields-0005", rawfmt.Base, fmt.Sprintf("%.0f ns/op", std+jitter)))
			goccy := 250 + jitter
			if build == "go1.27.3" { // the same values in another order: unchanged, within an interval
				goccy = 265 - jitter
			}
			b.WriteString(cellLine("decode-struct", "fields-0005", "goccy", fmt.Sprintf("%.0f ns/op", goccy)))
		}
	}
	return b.String()
}

func TestUpgradePage(t *testing.T) {
	dir := t.TempDir()
	raw := filepath.Join(dir, "m", "raw")
	if err := os.MkdirAll(raw, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(raw, rawName(0, rawfmt.KindUpgrade)), []byte(upgradeRaw()), 0o644); err != nil {
		t.Fatal(err)
	}
	mustReport(t, dir)
	page := readFile(t, dir, "m", "runs", testName(0, "").StampString(), "README.md")
	for _, want := range []string{
		"| go1.27.3+nojsonv2 | go1.27.3-X:nojsonv2 | nojsonv2 | v1-engine |",
		"## go1.27.3 against go1.26.8",
		"| decode-struct/fields-0005/encoding-json | 0.6", // the largest gain
		"| encoding-json | **0.6",                         // beyond its interval
		"| goccy | 1.00× [",                               // not bold: unchanged
		"| goccy | **3.91× → 2.36×** |",                   // its lead shrank
		"## go1.27.3+nojsonv2 against go1.26.8",
		"| goccy | 3.91× → 3.91× |", // and held without the v2 engine
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the upgrade page lacks %q:\n%s", want, page)
		}
	}
	if strings.Index(page, "## go1.27.3 against") > strings.Index(page, "## go1.27.3+nojsonv2 against") {
		t.Errorf("the comparisons are not in the order of the builds line:\n%s", page)
	}

	cut := upgradeRaw()
	cut = cut[:strings.LastIndex(cut[:len(cut)-1], "\n")+1] // the last build's last cell gone
	if err := os.WriteFile(filepath.Join(raw, rawName(0, rawfmt.KindUpgrade)), []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runReport(t, "-results", dir)
	if msg := fmt.Sprint(err); err == nil || !strings.Contains(msg, "build go1.27.3:") || !strings.Contains(msg, "the file was cut") {
		t.Errorf("a cut upgrade file gave %v:\n%s", err, out)
	}
}
