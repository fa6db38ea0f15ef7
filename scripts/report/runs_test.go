package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Every run gets a page: the machine page from the newest full run, the
// others under runs/<stamp>/, each saying which raw file it is built from;
// the machine page links the newer partial runs and the index lists all.
func TestEveryRunHasAPage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	older, full, quick, custom := testName(-60, rawfmt.KindFull), testName(0, rawfmt.KindFull), testName(30, rawfmt.KindQuick), testName(45, rawfmt.KindCustom)
	fieldsOnly := func(op, fixture, codec string) bool { return strings.HasPrefix(fixture, "fields-") }
	writeRaw(t, dir, testMachine, older.String(), synth{}.text())
	writeRaw(t, dir, testMachine, full.String(), synth{shuffle: 1}.text())
	writeRaw(t, dir, testMachine, quick.String(), synth{rounds: 3, keep: fieldsOnly}.text())
	writeRaw(t, dir, testMachine, custom.String(), synth{keep: func(op, fixture, codec string) bool { return op == "get5" }}.text())
	mustReport(t, dir)

	machine := flat(readFile(t, dir, testMachine, "README.md"))
	for _, want := range []string{
		"from [raw/" + full.String() + "](raw/" + full.String() + ") (",
		"[" + quick.StampString() + " (quick run)](runs/" + quick.StampString() + "/README.md)",
		"[" + custom.StampString() + " (custom run)](runs/" + custom.StampString() + "/README.md)",
	} {
		if !strings.Contains(machine, want) {
			t.Errorf("machine page lacks %q", want)
		}
	}
	if strings.Contains(machine, "(runs/"+older.StampString()) {
		t.Error("machine page links an older run as newer")
	}
	for _, n := range []rawfmt.RawName{older, quick, custom} {
		page := flat(readFile(t, dir, testMachine, "runs", n.StampString(), "README.md"))
		want := "from [raw/" + n.String() + "](../../raw/" + n.String() + ") ("
		if !strings.Contains(page, want) {
			t.Errorf("page of %s lacks %q", n, want)
		}
	}
	quickPage := flat(readFile(t, dir, testMachine, "runs", quick.StampString(), "README.md") +
		readFile(t, dir, testMachine, "runs", quick.StampString(), "ops", "decode-struct.md"))
	for _, want := range []string{"quick run of", "This run has 3 rounds", "benchstat writes ± ∞", "**Too imprecise to rank.**"} {
		if !strings.Contains(quickPage, want) {
			t.Errorf("quick run page lacks %q", want)
		}
	}
	for _, not := range []string{"## Findings", "`_source` filtering to 5 fields saves"} {
		if strings.Contains(quickPage, not) {
			t.Errorf("a quick run of 3 rounds states a finding: %q", not)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, testMachine, "runs", custom.StampString(), "tables", "get5.txt")); err != nil {
		t.Errorf("custom run page has no table of its cells: %v", err)
	}
	index := readFile(t, dir, "README.md")
	for _, n := range []rawfmt.RawName{older, full, quick, custom} {
		if !strings.Contains(index, "| "+testMachine+" | "+n.StampString()+" |") {
			t.Errorf("index does not list run %s", n)
		}
	}
	if !strings.Contains(index, "[page]("+testMachine+"/runs/"+quick.StampString()+"/README.md)") {
		t.Errorf("index does not link the quick run's page:\n%s", index)
	}
}

// A machine without a raw file fails the command, after the others and
// the index are written; the index also links reports that are not
// machines.
func TestUnusableMachineFailsAfterOthers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeRaw(t, dir, testMachine, testRaw, synth{}.text())
	writeRaw(t, dir, "broken-machine", "notes.md", "not a run")
	if err := os.MkdirAll(filepath.Join(dir, "conformance"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "conformance", "README.md"), []byte("# Conformance\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := runReport(t, "-results", dir)
	if err == nil || !strings.Contains(err.Error(), "broken-machine") {
		t.Fatalf("error %v, want one naming broken-machine", err)
	}
	if _, err := os.Stat(filepath.Join(dir, testMachine, "README.md")); err != nil {
		t.Errorf("the usable machine's page was not written: %v", err)
	}
	index := readFile(t, dir, "README.md")
	for _, want := range []string{"| broken-machine | — | — | no raw files |", "- [conformance](conformance/README.md)"} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %q:\n%s", want, index)
		}
	}
}

// A report replaces the previous one whole: files of operations or runs no
// longer present go, raw stays.
func TestReportReplacesStaleFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	raw := writeRaw(t, dir, testMachine, testRaw, synth{}.text())
	mdir := filepath.Join(dir, testMachine)
	stale := []string{"tables/gone-op.txt", "charts/gone-op-ns-vs-fields.svg", "runs/" + testName(-5, "").StampString() + "/README.md"}
	for _, p := range stale {
		full := filepath.Join(mdir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("stale"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := readFile(t, raw)
	mustReport(t, dir, "-machine", testMachine)
	tree := readTree(t, mdir)
	for _, p := range stale {
		if _, ok := tree[p]; ok {
			t.Errorf("stale %s survived", p)
		}
	}
	for _, p := range []string{"README.md", "model.csv", "tables/decode-struct.txt", "charts/decode-struct-ns-vs-fields.svg"} {
		if _, ok := tree[p]; !ok {
			t.Errorf("%s is missing", p)
		}
	}
	if _, err := os.Stat(filepath.Join(mdir, "runs")); err == nil {
		t.Error("the emptied runs directory survived")
	}
	if !bytes.Equal(tree["raw/"+testRaw], []byte(before)) {
		t.Error("the raw file changed")
	}
	for p := range tree {
		if strings.Contains(p, "/.") || strings.HasPrefix(p, ".") {
			t.Errorf("temporary file left behind: %s", p)
		}
	}
}

// The machine page is built from full runs only. Without one, it says so
// and links each run's page, newest first, and the machine directory holds
// nothing else the report writes; a full run added later takes the machine
// page over, and the newer runs stay linked from it.
func TestMachinePageNeedsAFullRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	quick, custom, upgrade := testName(0, rawfmt.KindQuick), testName(10, rawfmt.KindCustom), testName(20, rawfmt.KindUpgrade)
	writeRaw(t, dir, testMachine, quick.String(), synth{rounds: 3}.text())
	writeRaw(t, dir, testMachine, custom.String(), synth{keep: func(op, fixture, codec string) bool { return op == "get5" }}.text())
	writeRaw(t, dir, testMachine, upgrade.String(), upgradeRaw())
	mustReport(t, dir)

	link := func(n rawfmt.RawName, kind string) string {
		return "- [" + n.StampString() + " (" + kind + " run)](runs/" + n.StampString() + "/README.md)\n"
	}
	want := "# jsoncost results: " + testMachine + "\n\nThis machine has no full run (`make bench`), the only kind its page is built from; each of its runs has a page of its own:\n\n" +
		link(upgrade, "upgrade") + link(custom, "custom") + link(quick, "quick")
	if got := readFile(t, dir, testMachine, "README.md"); got != want {
		t.Errorf("machine page:\n%s\nwant:\n%s", got, want)
	}
	for p := range readTree(t, filepath.Join(dir, testMachine)) {
		if top, _, _ := strings.Cut(p, "/"); top != "README.md" && top != "raw" && top != "runs" {
			t.Errorf("a machine without a full run has %s", p)
		}
	}
	for _, n := range []rawfmt.RawName{quick, custom, upgrade} {
		if page := readFile(t, dir, testMachine, "runs", n.StampString(), "README.md"); !strings.Contains(page, "(../../raw/"+n.String()+")") {
			t.Errorf("the page of %s does not link its raw file:\n%.600s", n, page)
		}
	}
	index := readFile(t, dir, "README.md")
	for _, want := range []string{
		"| [" + testMachine + "](" + testMachine + "/README.md) | Synthetic CPU |",
		" | none: no full run |",
		"| " + testMachine + " | " + quick.StampString() + " | quick | go1.26.8 | older | [page](" + testMachine + "/runs/" + quick.StampString() + "/README.md) |",
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %q:\n%s", want, index)
		}
	}

	full := testName(-10, rawfmt.KindFull)
	writeRaw(t, dir, testMachine, full.String(), synth{}.text())
	mustReport(t, dir)
	machine := readFile(t, dir, testMachine, "README.md")
	for _, want := range []string{"from [raw/" + full.String() + "](raw/" + full.String() + ") (", link(quick, "quick"), link(upgrade, "upgrade")} {
		machine, want := flat(machine), flat(want)
		if !strings.Contains(machine, want) {
			t.Errorf("machine page with a full run lacks %q", want)
		}
	}

	// The newest full run takes the machine page over, even one too short
	// to rank, which the page says; the older full run gets a page of its own.
	short := testName(30, rawfmt.KindFull)
	writeRaw(t, dir, testMachine, short.String(), synth{rounds: 3}.text())
	mustReport(t, dir)
	machine = flat(readFile(t, dir, testMachine, "README.md"))
	for _, want := range []string{"from [raw/" + short.String() + "](raw/" + short.String() + ") (", "**Too imprecise to rank.**"} {
		if !strings.Contains(machine, want) {
			t.Errorf("machine page of a newest full run of 3 rounds lacks %q", want)
		}
	}
	if page := readFile(t, dir, testMachine, "runs", full.StampString(), "README.md"); !strings.Contains(page, "(../../raw/"+full.String()+")") {
		t.Errorf("the older full run's page does not link its raw file:\n%.600s", page)
	}
}
