package main

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// writeFigures writes an instr raw file of the given cells and values.
func writeFigures(t *testing.T, values map[string]float64) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "goos: linux\n%s %s %s\n", rawfmt.UnitMetadata, rawfmt.UnitInstr, rawfmt.AssumeExact)
	for codec, v := range values {
		c := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0005", Codec: codec}
		fmt.Fprintf(&b, "%s-1\t5000\t%.1f %s\n", c.Name(), v, rawfmt.UnitInstr)
	}
	path := filepath.Join(t.TempDir(), "20261130T000000Z-instr.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCompare(t *testing.T) {
	base := map[string]float64{"a": 1000, "b": 2000, "c": 4000, "d": 8000, "e": 10000, rawfmt.Floor: 300, rawfmt.AllocRef: 300}
	scaled := func(factors map[string]float64) map[string]float64 {
		out := map[string]float64{}
		for k, v := range base {
			out[k] = v * cmp.Or(factors[k], 1)
		}
		return out
	}
	tests := []struct {
		name string
		b    map[string]float64
		out  string // in the report
		err  string
	}{
		{name: "same", b: base, out: "median relative difference 0.000%"},
		{name: "within", b: scaled(map[string]float64{"a": 1.001, "b": 0.999, "c": 1, "d": 1.0015, "e": 1.009}), out: "largest 0.900%"},
		{name: "median over", b: scaled(map[string]float64{"a": 1.003, "b": 0.997, "c": 1.0025, rawfmt.Floor: 1.003, rawfmt.AllocRef: 1.003}),
			err: "median relative difference 0.300% exceeds 0.2%"},
		{name: "one cell over", b: scaled(map[string]float64{"a": 1, "b": 1, "c": 1, "d": 1.02, "e": 1}),
			out: "op=decode-map/fixture=fields-0005/codec=d: 8000.0 → 8160.0", err: "1 cells differ by more than 1%: op=decode-map/fixture=fields-0005/codec=d"},
		{name: "floor over", b: scaled(map[string]float64{rawfmt.Floor: 1.05}),
			out: "codec=" + rawfmt.Floor + ": 300.0 → 315.0 instructions/op (5.00%)\n",
			err: "1 cells differ by more than 1%: op=decode-map/fixture=fields-0005/codec=" + rawfmt.Floor},
		{name: "allocating copy over", b: scaled(map[string]float64{rawfmt.AllocRef: 1.05}),
			out: "codec=" + rawfmt.AllocRef + ": 300.0 → 315.0 instructions/op (5.00%; an allocating copy, not held to the limit)"},
		{name: "partly common", b: map[string]float64{"a": 1000, "z": 5}, out: "1 cells in common (6 only in"},
		{name: "nothing common", b: map[string]float64{"z": 5}, err: "no cell in common"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			err := compareFiles(&out, writeFigures(t, base), writeFigures(t, tt.b))
			if (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
				t.Errorf("compare: %v, want error %q", err, tt.err)
			}
			if !strings.Contains(out.String(), tt.out) {
				t.Errorf("report %q does not say %q", out.String(), tt.out)
			}
		})
	}
}

func TestReadFiguresErrors(t *testing.T) {
	dir := t.TempDir()
	cell := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0005", Codec: "goccy"}
	line := cell.Name() + "-1\t5000\t4000.0 instructions/op\n"
	tests := []struct{ name, content, err string }{
		{"no figures", "goos: linux\n" + cell.Name() + "-1\t5000\t3.0 ns/op\n", "holds no instructions/op results"},
		{"twice", line + line, "appears twice"},
		{"zero", cell.Name() + "-1\t5000\t0 instructions/op\n", "has 0 instructions/op"},
		{"malformed", cell.Name() + "-1\t5000\t4000.0\n", "missing units"},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name+".txt")
		if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readFigures(path); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: readFigures: %v, want an error containing %q", tt.name, err, tt.err)
		}
	}
	if _, err := readFigures(filepath.Join(dir, "absent.txt")); err == nil {
		t.Error("readFigures of a missing file succeeded")
	}
}
