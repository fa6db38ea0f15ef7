package load

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// ReadPool pools the cells of a file or of a directory's raw files, in
// report order with the table units alone, counts the lines it cannot
// parse, and fails on what holds no cell.
func TestReadPool(t *testing.T) {
	dir := t.TempDir()
	zeta := rawfmt.CodecConfig{Name: "zeta", ModuleVersion: "example.com/zeta@v1", Category: "fast", Engine: "native"}.Format() + "\n"
	cell := func(fixture, codec string) rawfmt.Cell {
		return rawfmt.Cell{Op: OpDecodeMap, Fixture: fixture, Codec: codec}
	}
	older, newer := rawfmt.NewRawName(stamp(0), rawfmt.KindFull), rawfmt.NewRawName(stamp(10), rawfmt.KindQuick)
	write(t, filepath.Join(dir, "raw", older.String()), zeta+
		line(cell("es-hits-10-full", "zeta"), "300 ns/op 500 fields/op")+
		line(cell(ArticleLarge, "zeta"), "200 ns/op 50 fields/op")+
		"BenchmarkCodec/op=decode-map 1 not-a-number ns/op\n")
	write(t, filepath.Join(dir, "raw", newer.String()),
		line(cell(ArticleLarge, rawfmt.Base), "100 ns/op 16 B/op 1 allocs/op")+
			line(rawfmt.NoopCell, "2 ns/op")+
			"BenchmarkOther-2 100 5 ns/op\n")
	write(t, filepath.Join(dir, "raw", "notes.md"), "not a raw file\n")
	write(t, filepath.Join(dir, "none.txt"), "BenchmarkOther-2 100 5 ns/op\n")
	write(t, filepath.Join(dir, "empty", "notes.md"), "")

	pool, err := ReadPool(filepath.Join(dir, "raw"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(dir, "raw", older.String()), filepath.Join(dir, "raw", newer.String())}; !slices.Equal(pool.Files, want) {
		t.Errorf("files %q, want %q", pool.Files, want)
	}
	var cells []rawfmt.Cell
	var units []string
	for _, res := range pool.Results {
		c, _ := rawfmt.ParseCell(res.Name)
		cells = append(cells, c)
		for _, v := range res.Values {
			_, unit := OrigValue(v)
			units = append(units, unit)
		}
	}
	if want := []rawfmt.Cell{cell(ArticleLarge, rawfmt.Base), cell(ArticleLarge, "zeta"), cell("es-hits-10-full", "zeta"), rawfmt.NoopCell}; !slices.Equal(cells, want) {
		t.Errorf("results %v, want %v (report order)", cells, want)
	}
	if want := []string{rawfmt.UnitNs, rawfmt.UnitB, rawfmt.UnitAllocs, rawfmt.UnitNs, rawfmt.UnitNs, rawfmt.UnitNs}; !slices.Equal(units, want) {
		t.Errorf("units %q, want %q (the table units alone)", units, want)
	}
	if len(pool.Bad) != 1 || !strings.Contains(pool.Bad[0], older.String()+":5") {
		t.Errorf("unparsable lines %q, want line 5 of %s (after the codec and skips lines)", pool.Bad, older)
	}

	for _, tt := range []struct{ arg, want string }{
		{"none.txt", "no benchmark results in "},
		{"empty", "no raw files in "},
		{"missing", "no such file"},
	} {
		if _, err := ReadPool(filepath.Join(dir, tt.arg)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadPool(%s): error %v, want %q", tt.arg, err, tt.want)
		}
	}
}
