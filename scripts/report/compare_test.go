package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// fullOutput returns the benchstat file compare names in its output, and
// removes it when the test ends.
func fullOutput(t *testing.T, out string) string {
	t.Helper()
	m := regexp.MustCompile(`benchstat of every cell, old against new: (\S+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output names no benchstat file:\n%.2000s", out)
	}
	t.Cleanup(func() { os.Remove(m[1]) })
	return readFile(t, m[1])
}

// unitSummary returns the summary lines of one unit: its count line and
// the rows of its changed cells.
func unitSummary(out, unit string) []string {
	_, rest, _ := strings.Cut(out, "\n"+unit+": ")
	block, _, _ := strings.Cut(unit+": "+rest, "\n\n")
	return strings.Split(block, "\n")
}

func TestCompare(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := writeRaw(t, dir, "old", testRaw, synth{}.text())
	slower := synth{codecs: []synthCodec{
		{name: rawfmt.Base, declare: true, speed: 1.3, ops: allOps},
		{name: "sonic-std", declare: true, speed: 0.35, ops: allOps},
	}}
	writeRaw(t, dir, "new", rawName(60, rawfmt.KindFull), slower.text())
	writeRaw(t, dir, "new", rawName(120, rawfmt.KindFull), slower.text())
	few := writeRaw(t, dir, "few", rawName(0, rawfmt.KindQuick), synth{rounds: 3}.text())
	// Cells per codec and operation: one per fixture. The default matrix
	// has encoding-json, sonic-std and goccy on every operation but get5,
	// sonic-std and gjson on get5, the floor on two operations, and noop.
	n, ops := len(synthFixtures()), len(allOps)
	all := 3*ops*n + 2*n + 2*n + 1
	tests := []struct {
		name      string
		old, new  string
		want      []string // in the output
		wantFull  []string // in the benchstat file
		not       []string // in neither
		unchanged string   // the ns/op count line
	}{
		{
			name: "a file against a directory",
			old:  old, new: filepath.Join(dir, "new", "raw"),
			want:     []string{rawName(60, rawfmt.KindFull), rawName(120, rawfmt.KindFull), "+30%", "decode-struct/fields-0050/" + rawfmt.Base},
			wantFull: []string{"op: decode-struct", "fields-0050 " + rawfmt.Base, "+30", "vs base"},
			not:      []string{"no interval", "∞"},
			// encoding-json changed; sonic-std and noop did not; the rest
			// is not in NEW.
			unchanged: fmt.Sprintf("ns/op: %d cells changed significantly (p < 0.05), largest change first; %d unchanged; %d only in OLD.", ops*n, ops*n+1, all-2*ops*n-1),
		},
		{
			name: "too few samples for an interval or a test",
			old:  few, new: few,
			want:      []string{"(old)", "(new)", "no interval"},
			not:       []string{"∞"},
			unchanged: fmt.Sprintf("ns/op: no cell changed significantly; 0 unchanged; %d with too few samples to tell.", all),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out, err := runReport(t, "-compare", tt.old, tt.new)
			if err != nil {
				t.Fatalf("compare: %v\n%s", err, out)
			}
			full := fullOutput(t, out)
			for _, want := range tt.want {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%.3000s", want, out)
				}
			}
			for _, want := range tt.wantFull {
				if !strings.Contains(full, want) {
					t.Errorf("benchstat file lacks %q:\n%.3000s", want, full)
				}
			}
			for _, not := range tt.not {
				if strings.Contains(out+full, not) {
					t.Errorf("output has %q:\n%.3000s", not, out)
				}
			}
			if got := unitSummary(out, "ns/op")[0]; got != tt.unchanged {
				t.Errorf("ns/op summary %q, want %q", got, tt.unchanged)
			}
		})
	}
	for _, args := range [][]string{{"-compare", old}, {"-compare", old, filepath.Join(dir, "missing")}} {
		if _, err := runReport(t, args...); err == nil {
			t.Errorf("report %q succeeded", args)
		}
	}
}

// The summary lists the significant changes by size of effect, a halving
// as large as a doubling, before the full output.
func TestCompareSortsByEffect(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	codecs := func(base, sonic, goccy float64) synth {
		return synth{codecs: []synthCodec{
			{name: rawfmt.Base, declare: true, speed: base, ops: allOps},
			{name: "sonic-std", declare: true, speed: sonic, ops: allOps},
			{name: "goccy", declare: true, speed: goccy, ops: allOps},
			{name: "gjson", declare: true, speed: 0.2, ops: []string{"get5"}},
		}}
	}
	old := writeRaw(t, dir, "old", testRaw, codecs(1, 0.4, 0.6).text())
	// encoding-json +30%, sonic-std -50% (a halving: effect ln 2), goccy
	// +70% (ln 1.7, between them), gjson unchanged.
	new := writeRaw(t, dir, "new", testRaw, codecs(1.3, 0.2, 1.02).text())
	out, err := runReport(t, "-compare", old, new)
	if err != nil {
		t.Fatalf("compare: %v\n%s", err, out)
	}
	fullOutput(t, out)
	if i, j := strings.Index(out, "benchstat of every cell"), strings.Index(out, "ns/op: "); i < 0 || j < i {
		t.Errorf("the summary does not follow the name of the benchstat file:\n%.2000s", out)
	}
	lines := unitSummary(out, "ns/op")
	n := len(synthFixtures())
	if want := fmt.Sprintf("ns/op: %d cells changed significantly (p < 0.05), largest change first; %d unchanged.", 3*len(allOps)*n, n+1); lines[0] != want {
		t.Errorf("count line %q, want %q", lines[0], want)
	}
	var order []string // codecs in the order the rows name them, runs collapsed
	for _, row := range lines[2:] {
		f := strings.Fields(row)
		cell := strings.Split(f[len(f)-1], "/")
		if codec := cell[len(cell)-1]; len(order) == 0 || order[len(order)-1] != codec {
			order = append(order, codec)
		}
	}
	if want := []string{"sonic-std", "goccy", rawfmt.Base}; !slices.Equal(order, want) {
		t.Errorf("rows name codecs in the order %q, want %q:\n%s", order, want, strings.Join(lines, "\n"))
	}
}

// Runs from two machines or toolchains are compared, with one line first
// that names what differs; a key one side does not record counts as no
// difference.
func TestCompareNamesOtherMachine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := synth{}.text()
	other := func(kv ...string) string { // base with key, value pairs in place of its lines
		raw := base
		for i := 0; i < len(kv); i += 2 {
			raw = regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(kv[i])+`: .*$`).ReplaceAllLiteralString(raw, kv[i]+": "+kv[i+1])
		}
		return raw
	}
	old := writeRaw(t, dir, "old", testRaw, base)
	for _, tt := range []struct {
		name, raw, want string // want "": no line
	}{
		{"same machine", base, ""},
		{"another machine", other(rawfmt.KeyMachine, "linux-amd64-other"), "machine-id synthetic → linux-amd64-other)"},
		{"another go", other(rawfmt.KeyGo, "go1.27.3"), "(go go1.26.8 → go1.27.3)"},
		{"another cpu and go", other(rawfmt.KeyCPU, "Other CPU", rawfmt.KeyGo, "go1.27.3"), "(cpu Synthetic CPU @ 3.00GHz → Other CPU; go go1.26.8 → go1.27.3)"},
		{"no machine-id line", other(rawfmt.KeyMachine, ""), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			new := writeRaw(t, filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")), "new", testRaw, tt.raw)
			out, err := runReport(t, "-compare", old, new)
			if err != nil {
				t.Fatalf("compare: %v\n%s", err, out)
			}
			fullOutput(t, out)
			first, _, _ := strings.Cut(out, "\n")
			const note = "Note: OLD and NEW ran on different machines or toolchains ("
			switch {
			case tt.want == "" && strings.Contains(out, note):
				t.Errorf("output notes a difference:\n%.500s", out)
			case tt.want != "" && (!strings.HasPrefix(first, note) || !strings.Contains(first, tt.want)):
				t.Errorf("first line %q, want it to start %q and hold %q", first, note, tt.want)
			}
		})
	}
}
