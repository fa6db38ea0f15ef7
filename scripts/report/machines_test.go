package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Two machines with full runs get the cross-machine page, linked from the
// index; a quick run is no full run, and -machine leaves the page alone.
func TestMachinesPageWritten(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeRaw(t, dir, testMachine, testRaw, synth{}.text())
	writeRaw(t, dir, "linux-arm64-other", rawName(0, rawfmt.KindQuick), synth{rounds: 3}.text())
	mustReport(t, dir)
	page := filepath.Join(dir, "machines", "README.md")
	if _, err := os.Stat(page); err == nil {
		t.Fatal("a page across machines with one full run")
	}
	writeRaw(t, dir, "linux-arm64-other", testRaw, strings.Replace(synth{}.text(), "go: go1.26.8", "go: go1.27.3", 1))
	mustReport(t, dir)
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"[" + testMachine + "](../" + testMachine + "/README.md)", "[linux-arm64-other](../linux-arm64-other/README.md)", "**Not the same Go:**"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the page lacks %q:\n%s", want, data)
		}
	}
	index, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "(machines/README.md)") {
		t.Errorf("the index does not link the page:\n%s", index)
	}
	if err := os.WriteFile(page, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustReport(t, dir, "-machine", testMachine)
	if data, _ := os.ReadFile(page); string(data) != "kept\n" {
		t.Error("-machine rewrote the page across machines")
	}
}
