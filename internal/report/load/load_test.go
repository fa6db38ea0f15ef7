package load

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

func stamp(minutes int) time.Time {
	return time.Date(2026, 11, 29, 22, 0, 0, 0, time.UTC).Add(time.Duration(minutes) * time.Minute)
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestMachines(t *testing.T) {
	dir := t.TempDir()
	full, quick, custom := rawfmt.NewRawName(stamp(0), rawfmt.KindFull), rawfmt.NewRawName(stamp(10), rawfmt.KindQuick), rawfmt.NewRawName(stamp(5), rawfmt.KindCustom)
	instr, oldInstr := rawfmt.NewRawName(stamp(20), rawfmt.KindInstr), rawfmt.NewRawName(stamp(-20), rawfmt.KindInstr)
	olderFull := rawfmt.NewRawName(stamp(-10), rawfmt.KindFull)
	raw := filepath.Join(dir, "m1", RawDir)
	for _, name := range []string{full.String(), olderFull.String(), quick.String(), custom.String(), instr.String(), oldInstr.String(), full.Partial(), "notes.md", ".hidden"} {
		write(t, filepath.Join(raw, name), "x")
	}
	write(t, filepath.Join(dir, "conformance", "README.md"), "# Conformance\n")
	write(t, filepath.Join(dir, "empty", "notes.md"), "")
	for _, sub := range []string{"http", "doc-product", "runs", "charts"} {
		write(t, filepath.Join(dir, "m1", sub, "README.md"), "# "+sub+"\n")
	}
	write(t, filepath.Join(dir, "m1", "doc-nothing", "raw.txt"), "")
	for _, p := range []string{".git/README.md", "m1/.cache/README.md", "conformance/deep/README.md", ".m2/raw/" + full.String()} {
		write(t, filepath.Join(dir, filepath.FromSlash(p)), "x")
	}

	ms, err := Machines(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].ID != "m1" {
		t.Fatalf("machines %+v, want m1 alone", ms)
	}
	var got []string
	for _, r := range ms[0].Raws {
		got = append(got, r.File)
	}
	if want := []string{quick.String(), custom.String(), full.String(), olderFull.String()}; !slices.Equal(got, want) {
		t.Errorf("raw files %q, want %q (newest first)", got, want)
	}
	for _, r := range ms[0].Raws {
		switch {
		case r.Name == full && (r.Instr == nil || r.Instr.Name != instr):
			t.Errorf("the newest full run goes with %+v, want %s", r.Instr, instr)
		case r.Name != full && r.Instr != nil:
			t.Errorf("%s goes with an instruction count", r.File)
		}
	}
	ignored := strings.Join(ms[0].Ignored, "\n")
	if got := strings.Join(ms[0].InProgress, "\n"); got != RawDir+"/"+full.Partial() {
		t.Errorf("runs in progress = %q, want the partial file", got)
	}
	for _, want := range []string{oldInstr.String() + ": an older instruction count", "notes.md: "} {
		if !strings.Contains(ignored, want) {
			t.Errorf("ignored files lack %q:\n%s", want, ignored)
		}
	}
	if strings.Contains(ignored, ".hidden") || strings.Contains(ignored, instr.String()+":") || strings.Contains(ignored, full.Partial()) {
		t.Errorf("a hidden file is named:\n%s", ignored)
	}
	if others, want := OtherReports(dir), []string{"conformance", "m1/doc-product", "m1/http"}; !slices.Equal(others, want) {
		t.Errorf("other reports %q, want %q", others, want)
	}
	if _, err := Machines(filepath.Join(dir, "conformance")); err == nil {
		t.Error("a directory without machines gave no error")
	}
}

// line is one result line.
func line(c rawfmt.Cell, values string) string { return c.Name() + "-2 100 " + values + "\n" }

func TestLoad(t *testing.T) {
	a := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.Base}
	b := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: "es-hits-10-full", Codec: "zeta"}
	c := rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: ArticleSmall, Codec: "alpha"}
	floor := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.Floor}
	allocRef := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.AllocRef}
	zeta := rawfmt.CodecConfig{Name: "zeta", ModuleVersion: "example.com/zeta@v1", Category: "fast", Engine: "native",
		Skips: []string{"HTML escaping", "map key sorting"}, HasSkips: true}
	text := rawfmt.KeyGo + ": go1.26.8\n" + zeta.Format() + "\n" +
		rawfmt.KeyCodecPrefix + rawfmt.Base + ": std@go1.26.8 std native\n" + // an old run's line, without skips
		rawfmt.KeyCodecPrefix + "bad: nonsense\n" +
		rawfmt.KeySkipsPrefix + "orphan: HTML escaping\n" +
		line(rawfmt.NoopCell, "2 ns/op") +
		line(b, "300 ns/op 500 fields/op") +
		line(a, "100 ns/op 50 fields/op 1759 doc-B/op") +
		line(floor, "10 ns/op 50 fields/op") +
		line(allocRef, "30 ns/op 50 fields/op 1792 B/op 1 allocs/op") +
		line(c, "abc ns/op") +
		line(c, "5 ns/op 5 fields/op") +
		strings.Replace(line(c, "6 ns/op 5 fields/op"), "-2 ", "-4 ", 1) + // only the name changes
		"BenchmarkOther-2 100 5 ns/op\n" +
		line(a, "105 ns/op 50 fields/op 1759 doc-B/op") +
		rawfmt.KeyGo + ": go1.27\n" + // between two results of one shape

		line(a, "110 ns/op 50 fields/op 1759 doc-B/op")
	name := rawfmt.NewRawName(stamp(0), rawfmt.KindFull)
	path := filepath.Join(t.TempDir(), name.String())
	write(t, path, text)
	r, err := Load(Raw{Path: path, File: name.String(), Name: name})
	if err != nil {
		t.Fatal(err)
	}
	table, err := r.Table(rawfmt.OpDecodeMap)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		what      string
		got, want any
	}{
		{"codecs", r.CodecNames, []string{rawfmt.Base, "zeta", "alpha"}},
		{"ops", r.Ops, []string{rawfmt.OpDecodeMap, rawfmt.OpDecodeStruct}},
		{"fixtures", r.Fixtures, []string{ArticleSmall, ArticleLarge, "es-hits-10-full"}},
		{"floor", r.Floor, true},
		{"allocation reference", r.AllocRef, true},
		{"noop", r.Noop, rawfmt.NoopCell},
		{"columns", r.Columns(rawfmt.OpDecodeMap), []string{rawfmt.Base, "zeta", rawfmt.Floor, rawfmt.AllocRef}},
		{"allocs/op", r.Samples(allocRef, rawfmt.UnitAllocs), []float64{1}},
		{"B/op", r.Samples(allocRef, rawfmt.UnitB), []float64{1792}},
		{"samples", r.Ns(a.Op, a.Fixture, a.Codec), []float64{100, 105, 110}},
		{"size", r.Sizes[ArticleLarge], Size{Fields: 50, DocBytes: 1759, HasFields: true, HasDocBytes: true}},
		{"rounds", r.Rounds(), 3},
		{"unnamed", r.Unnamed, 1},
		{"syntax errors", len(r.SyntaxErrors), 1},
		{"bad config", len(r.BadConfig), 2},
		{"changed", r.Changed, []string{rawfmt.KeyGo, ".fullname"}},
		{"codec lines", len(r.Codecs), 2},
		{"table lines", bytes.Count(table, []byte("Benchmark")), 6},
	}
	for _, c := range checks {
		if !equal(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
	if cc, ok := r.Codec("zeta"); !ok || !reflect.DeepEqual(cc, zeta) {
		t.Errorf("Codec(zeta) = %+v, %t; want %+v", cc, ok, zeta)
	}
	if cc, ok := r.Codec(rawfmt.Base); !ok || cc.HasSkips || cc.Skips != nil {
		t.Errorf("Codec(%s) = %+v, %t; want a configuration without recorded skips", rawfmt.Base, cc, ok)
	}
}

func equal(a, b any) bool {
	switch a := a.(type) {
	case []string:
		return slices.Equal(a, b.([]string))
	case []float64:
		return slices.Equal(a, b.([]float64))
	default:
		return a == b
	}
}

// TestRoundsAndPasses: the rounds and fields-passes lines say how many
// rounds a run made and how many samples a round took of a fields-* cell;
// a file without them has as many rounds as its most sampled cell has
// samples, and one pass. Lines that contradict the samples do not load.
func TestRoundsAndPasses(t *testing.T) {
	fields := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.Base}
	other := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: "es-hits-10-full", Codec: rawfmt.Base}
	samples := strings.Repeat(line(fields, "100 ns/op"), 4) + strings.Repeat(line(other, "100 ns/op"), 2) + strings.Repeat(line(rawfmt.NoopCell, "2 ns/op"), 6)
	tests := []struct {
		config         string
		rounds, passes int
		err            string
	}{
		{config: rawfmt.KeyRounds + ": 2\n" + rawfmt.KeyFieldsPasses + ": 2\n", rounds: 2, passes: 2},
		{config: rawfmt.KeyRounds + ": 2\n", err: ":13: " + fields.String() + " has 4 samples, more than 2 rounds of 1 take"},
		{config: rawfmt.KeyRounds + ": 3\n" + rawfmt.KeyFieldsPasses + ": 2\n", err: ":14: the file ends in round 3 of 3: " + fields.String() + " has 4 of its 6 samples"},
		{config: "", rounds: 4, passes: 1},
		{config: rawfmt.KeyRounds + ": none\n" + rawfmt.KeyFieldsPasses + ": 0\n", rounds: 4, passes: 1},
	}
	for i, tt := range tests {
		name := rawfmt.NewRawName(stamp(i), rawfmt.KindFull)
		path := filepath.Join(t.TempDir(), name.String())
		write(t, path, tt.config+samples)
		r, err := Load(Raw{Path: path, File: name.String(), Name: name})
		if tt.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), path+tt.err) {
				t.Errorf("%q: error %v, want %q", tt.config, err, path+tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if r.Rounds() != tt.rounds || r.FieldsPasses() != tt.passes {
			t.Errorf("%q: %d rounds, %d passes; want %d, %d", tt.config, r.Rounds(), r.FieldsPasses(), tt.rounds, tt.passes)
		}
	}
}

// An instruction count without a full run to go with is named, not read.
func TestInstrWithoutFullRun(t *testing.T) {
	dir := t.TempDir()
	instr := rawfmt.NewRawName(stamp(0), rawfmt.KindInstr)
	write(t, filepath.Join(dir, "m1", RawDir, rawfmt.NewRawName(stamp(5), rawfmt.KindQuick).String()), "x")
	write(t, filepath.Join(dir, "m1", RawDir, instr.String()), "x")
	ms, err := Machines(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := instr.String() + ": instruction counts are shown beside a full run"; !strings.Contains(strings.Join(ms[0].Ignored, "\n"), want) {
		t.Errorf("ignored %q, want %q", ms[0].Ignored, want)
	}
}

// A full run loads the instruction count it goes with, whose Unit line
// makes instructions/op exact; one that does not load fails the run, naming
// both files.
func TestLoadInstr(t *testing.T) {
	dir := t.TempDir()
	cell := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.Base}
	instrName := rawfmt.NewRawName(stamp(10), rawfmt.KindInstr)
	instr := Raw{Path: filepath.Join(dir, instrName.String()), File: instrName.String(), Name: instrName}
	write(t, instr.Path, rawfmt.UnitMetadata+" "+rawfmt.UnitInstr+" "+rawfmt.AssumeExact+"\n"+
		cell.Name()+"-1 5000 123456 "+rawfmt.UnitInstr+" 30000 "+rawfmt.UnitInstrN+"\n")
	fullName := rawfmt.NewRawName(stamp(0), rawfmt.KindFull)
	full := Raw{Path: filepath.Join(dir, fullName.String()), File: fullName.String(), Name: fullName, Instr: &instr}
	write(t, full.Path, line(cell, "100 ns/op 50 fields/op"))

	r, err := Load(full)
	if err != nil {
		t.Fatal(err)
	}
	if r.Instr == nil {
		t.Fatal("no instruction count")
	}
	if got := r.Instr.Samples(cell, rawfmt.UnitInstr); !slices.Equal(got, []float64{123456}) {
		t.Errorf("instructions/op %v, want [123456]", got)
	}
	if !r.Instr.Exact(rawfmt.UnitInstr) || r.Instr.Exact(rawfmt.UnitNs) || r.Exact(rawfmt.UnitInstr) {
		t.Error("exactness does not follow the Unit line of the file that has it")
	}

	write(t, instr.Path, "")
	if _, err = Load(full); err == nil || !strings.Contains(err.Error(), fullName.String()) || !strings.Contains(err.Error(), instr.Path+": empty file") {
		t.Errorf("a broken instruction count: error %v, want one naming %s and %s", err, fullName, instr.Path)
	}
}

func TestLoadFails(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"empty", "  \n", "empty file"},
		{"no cells", "goos: linux\nBenchmarkOther-2 1 5 ns/op\n", "no benchmark results"},
		{"harness only", line(rawfmt.NoopCell, "2 ns/op"), "no benchmark results"},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "x")
		write(t, path, tt.text)
		if _, err := Load(Raw{Path: path, File: "x"}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestOrder(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"es-hits-2-full", "es-hits-10-full", -1},
		{"es-hits-10-full", "es-hits-100-full", -1},
		{"es-hits-1-full", "es-hits-1-source5", -1},
		{"fields-0005", "fields-0050", -1},
		{"bytes-0.25k", "bytes-0001k", -1},
		{"bytes-1024k", "bytes-0256k", 1},
		{"nested-d8", "nested-d10", -1},
		{"f01", "f1", -1},
		{"decode-map", "decode-map", 0},
		{"get5", "decode-struct", 1},
	}
	for _, tt := range tests {
		if got := naturalOrder(tt.a, tt.b); got != tt.want {
			t.Errorf("naturalOrder(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	fixtures := []string{"realworld-x", "es-hits-10-full", "zz", "fields-1000", "bytes-0001k", "fields-0005"}
	slices.SortFunc(fixtures, fixtureOrder)
	if want := []string{"fields-0005", "fields-1000", "bytes-0001k", "es-hits-10-full", "realworld-x", "zz"}; !slices.Equal(fixtures, want) {
		t.Errorf("fixture order %q, want %q", fixtures, want)
	}
	codecs := []string{rawfmt.AllocRef, rawfmt.Floor, "b", "undeclared", rawfmt.Base, "a"}
	slices.SortFunc(codecs, codecOrder([]rawfmt.CodecConfig{{Name: "b"}, {Name: "a"}}))
	if want := []string{rawfmt.Base, "b", "a", "undeclared", rawfmt.Floor, rawfmt.AllocRef}; !slices.Equal(codecs, want) {
		t.Errorf("codec order %q, want %q", codecs, want)
	}
}

func TestHitsPair(t *testing.T) {
	tests := []struct {
		fixture  string
		hits     int
		filtered string
		ok       bool
	}{
		{"es-hits-10-full", 10, "es-hits-10-source5", true},
		{"es-hits-10-source5", 0, "", false},
		{"es-hits-0-full", 0, "", false},
		{"es-hits-+5-full", 0, "", false},
		{"es-hits--5-full", 0, "", false},
		{"fields-0050", 0, "", false},
	}
	for _, tt := range tests {
		hits, filtered, ok := HitsPair(tt.fixture)
		if hits != tt.hits || filtered != tt.filtered || ok != tt.ok {
			t.Errorf("HitsPair(%q) = %d, %q, %t; want %d, %q, %t", tt.fixture, hits, filtered, ok, tt.hits, tt.filtered, tt.ok)
		}
	}
}

// TestLoadRefusesValues: a value that is no measurement stops the load with
// the file and line where it stands, whatever follows it.
func TestLoadRefusesValues(t *testing.T) {
	c := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.Base}
	for _, tt := range []struct{ values, want string }{
		{"NaN ns/op", "NaN ns/op is not a measurement"},
		{"-5 ns/op", "-5 ns/op is not a measurement"},
		{"0 ns/op", "0 ns/op is not a measurement"},
		{"10 ns/op -1 B/op", "-1 B/op is not a measurement"},
		{"10 ns/op 0 base-ns/op", "0 base-ns/op is not a measurement"},
	} {
		name := rawfmt.NewRawName(stamp(0), rawfmt.KindFull)
		path := filepath.Join(t.TempDir(), name.String())
		write(t, path, rawfmt.KeyGo+": go1.27.3\n"+line(c, "10 ns/op")+line(c, tt.values)+line(c, "12 ns/op"))
		_, err := Load(Raw{Path: path, File: name.String(), Name: name})
		if err == nil || !strings.Contains(err.Error(), ":3: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: Load = %v, want an error at line 3 with %q", tt.values, err, tt.want)
		}
	}
}
