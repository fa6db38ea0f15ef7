package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	old := writeRaw(t, dir, "old", testRaw, synth{}.text())
	slower := synth{codecs: []synthCodec{
		{name: rawfmt.Base, declare: true, speed: 1.3, ops: allOps},
		{name: "sonic-std", declare: true, speed: 0.35, ops: allOps},
	}}
	writeRaw(t, dir, "new", rawName(60, rawfmt.KindFull), slower.text())
	writeRaw(t, dir, "new", rawName(120, rawfmt.KindFull), slower.text())
	few := writeRaw(t, dir, "few", rawName(0, rawfmt.KindQuick), synth{rounds: 3}.text())
	tests := []struct {
		name     string
		old, new string
		want     []string
		not      []string
	}{
		{
			name: "a file against a directory",
			old:  old, new: filepath.Join(dir, "new", "raw"),
			want: []string{"op: decode-struct", "fields-0050 " + rawfmt.Base, "+30", "vs base", rawName(60, rawfmt.KindFull), rawName(120, rawfmt.KindFull)},
			not:  []string{"no interval"},
		},
		{
			name: "too few samples for an interval",
			old:  few, new: few,
			want: []string{"(old)", "(new)", "no interval"},
			not:  []string{"∞"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runReport(t, "-compare", tt.old, tt.new)
			if err != nil {
				t.Fatalf("compare: %v\n%s", err, out)
			}
			for _, want := range tt.want {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%.3000s", want, out)
				}
			}
			for _, not := range tt.not {
				if strings.Contains(out, not) {
					t.Errorf("output has %q:\n%.3000s", not, out)
				}
			}
		})
	}
	for _, args := range [][]string{{"-compare", old}, {"-compare", old, filepath.Join(dir, "missing")}} {
		if _, err := runReport(t, args...); err == nil {
			t.Errorf("report %q succeeded", args)
		}
	}
}
