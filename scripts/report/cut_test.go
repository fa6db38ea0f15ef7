package main

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A raw file cut anywhere fails the report with one line naming the file
// and the line it ends on, and changes no page of any machine, nor the
// index: every raw file loads before the first page is written.
func TestCutRawFileChangesNoPage(t *testing.T) {
	t.Parallel()
	whole := synth{roundsLine: true}.text()
	lines := strings.SplitAfter(whole, "\n")
	at := func(sub string) int { return strings.LastIndex(whole, sub) }
	lastLine := strings.LastIndex(strings.TrimSuffix(whole, "\n"), "\n") + 1
	tests := []struct {
		name string
		cut  int // bytes of whole kept
		want string
	}{
		{"inside a configuration line", strings.Index(whole, rawfmt.KeyCPU+": Synth") + len(rawfmt.KeyCPU+": Synth"), "the last line is cut off"},
		{"inside a name", lastLine + len(rawfmt.Benchmark+"/op=get"), "the last line is cut off"},
		{"inside a value", at(" MB/s\t") - 2, "the last line is cut off"},
		{"inside a unit", at(" allocs/op\n") + len(" allocs/o"), "the last line is cut off"},
		{"inside a number", at(" allocs/op\n") - 1, "the last line is cut off"},
		{"before the last newline", len(whole) - 1, "the last line is cut off"},
		{"at the end of a line inside the last round", len(whole) - len(lines[len(lines)-2]), "the file ends in round 6 of 6"},
		{"after the configuration", strings.Index(whole, rawfmt.Benchmark), "no benchmark results"},
	}
	// The report before the cut is the same for every case: built once,
	// copied into each case's directory.
	built := t.TempDir()
	writeRaw(t, built, testMachine, testRaw, whole)
	writeRaw(t, built, "linux-amd64-other", testRaw, synth{}.text())
	mustReport(t, built)
	before := readTree(t, built)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := writeFiles(dir, before); err != nil {
				t.Fatal(err)
			}
			// A new run of the machine listed first would change its pages
			// and the index; the cut file is the other machine's.
			writeRaw(t, dir, "linux-amd64-other", rawName(30, rawfmt.KindQuick), synth{rounds: 3}.text())
			cut := whole[:tt.cut]
			path := writeRaw(t, dir, testMachine, rawName(60, rawfmt.KindQuick), cut)
			line := strings.Count(cut, "\n")
			if !strings.HasSuffix(cut, "\n") {
				line++
			}
			_, err := runReport(t, "-results", dir)
			prefix := fmt.Sprintf("%s:%d: ", path, line)
			if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %v, want one line starting %q and containing %q", err, prefix, tt.want)
			}
			after := readTree(t, dir)
			delete(after, "linux-amd64-other/raw/"+rawName(30, rawfmt.KindQuick))
			delete(after, testMachine+"/raw/"+rawName(60, rawfmt.KindQuick))
			for _, p := range slices.Sorted(maps.Keys(after)) {
				if !bytes.Equal(before[p], after[p]) {
					t.Errorf("%s changed", p)
				}
			}
			if len(after) != len(before) {
				t.Errorf("%d files after, %d before", len(after), len(before))
			}
		})
	}
	// The machine's page, built before the cut from the whole file alone.
	if page := string(before[testMachine+"/README.md"]); !strings.Contains(page, "(full run, 6 rounds)") {
		t.Error("the whole file gave no page of its 6 rounds")
	}
}
