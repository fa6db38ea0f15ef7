package rawfmt

import (
	"flag"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"
)

func TestCellRoundTrip(t *testing.T) {
	c := Cell{Op: "decode-map", Fixture: "fields-0050", Codec: "sonic-std"}
	for _, name := range []string{c.Name(), c.Name() + "-2", c.Name() + "-16"} {
		got, ok := ParseCell(benchfmt.Name(name))
		if !ok || got != c {
			t.Errorf("ParseCell(%q) = %+v, %t; want %+v", name, got, ok, c)
		}
	}
	for _, name := range []string{
		"BenchmarkOther/op=a/fixture=b/codec=c",
		"BenchmarkCodec/op=a/fixture=b",
		"BenchmarkCodec/op=/fixture=b/codec=c",
		"BenchmarkCodec",
	} {
		if got, ok := ParseCell(benchfmt.Name(name)); ok {
			t.Errorf("ParseCell(%q) = %+v, true; want false", name, got)
		}
	}
}

// TestNameKeys: a name's key=value parts, keyed, for a name of one of the
// benchmarks asked for; parts without "=" are not keys.
func TestNameKeys(t *testing.T) {
	tests := []struct {
		name  string
		bases []string
		want  map[string]string
	}{
		{"BenchmarkHTTP/a=1/b=x=y/c-2", []string{"BenchmarkHTTP"}, map[string]string{"a": "1", "b": "x=y"}},
		{"Codec/op=get5", []string{Benchmark, ReadName}, map[string]string{"op": "get5"}},
		{"BenchmarkHTTP", []string{"BenchmarkHTTP"}, map[string]string{}},
		{"BenchmarkOther/a=1", []string{"BenchmarkHTTP", Benchmark}, nil},
	}
	for _, tt := range tests {
		got, ok := NameKeys(benchfmt.Name(tt.name), tt.bases...)
		if ok != (tt.want != nil) || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("NameKeys(%q, %q) = %v, %t; want %v", tt.name, tt.bases, got, ok, tt.want)
		}
	}
}

// TestParseCellFromReader parses names as benchfmt.Reader gives them.
func TestParseCellFromReader(t *testing.T) {
	c := Cell{Op: "encode-map", Fixture: "es-hits-10-full", Codec: "goccy"}
	r := benchfmt.NewReader(strings.NewReader(c.Name()+"-2 \t 100 \t 12.5 ns/op\n"), "raw.txt")
	var got []Cell
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			cell, ok := ParseCell(res.Name)
			if !ok {
				t.Errorf("ParseCell(%q) failed", res.Name)
			}
			got = append(got, cell)
		}
	}
	if len(got) != 1 || got[0] != c {
		t.Errorf("read %+v, want [%+v]", got, c)
	}
}

func cfg(kv ...string) []benchfmt.Config {
	var out []benchfmt.Config
	for i := 0; i < len(kv); i += 2 {
		out = append(out, benchfmt.Config{Key: kv[i], Value: []byte(kv[i+1]), File: true})
	}
	return out
}

func TestCodecConfig(t *testing.T) {
	c := CodecConfig{Name: "sonic-std", ModuleVersion: "github.com/bytedance/sonic@v1.15.5", Category: "near-std", Engine: "jit"}
	got, bad := ParseCodecs(cfg("cpu", "AMD EPYC", c.Key(), c.Value()))
	if len(bad) != 0 || !reflect.DeepEqual(got, []CodecConfig{c}) {
		t.Errorf("ParseCodecs(%q) = %+v, %q; want %+v alone", c.Key()+": "+c.Value(), got, bad, c)
	}
	for _, v := range []string{"", "std near-std", "nomodule near-std jit", "a@b c d e"} {
		if got, bad := ParseCodecs(cfg("codec-x", v)); len(got) != 0 || len(bad) != 1 || !strings.Contains(bad[0], "codec configuration") {
			t.Errorf("ParseCodecs(codec-x: %q) = %+v, %q; want one error", v, got, bad)
		}
	}
}

func TestSkips(t *testing.T) {
	tests := []struct {
		skips []string
		line  string
	}{
		{nil, "skips-x: none"},
		{[]string{"HTML escaping"}, "skips-x: HTML escaping"},
		{[]string{"float format (1e-07, 1e+20)", "map key sorting"}, "skips-x: float format (1e-07, 1e+20); map key sorting"},
	}
	for _, tt := range tests {
		c := CodecConfig{Name: "x", ModuleVersion: "m@v1", Category: "fast", Engine: "native", Skips: tt.skips, HasSkips: true}
		lines := strings.Split(c.Format(), "\n")
		if len(lines) != 2 || lines[0] != "codec-x: m@v1 fast native" || lines[1] != tt.line {
			t.Errorf("Format() = %q, want the codec line and %q", c.Format(), tt.line)
		}
		skipsKey, skipsValue, _ := strings.Cut(tt.line, ": ")
		got, bad := ParseCodecs(cfg(skipsKey, skipsValue, c.Key(), c.Value()))
		if len(bad) != 0 || len(got) != 1 || !got[0].HasSkips || got[0].Skips == nil || !slices.Equal(got[0].Skips, tt.skips) {
			t.Errorf("ParseCodecs(%q) = %+v, %q; want skips %q", tt.line, got, bad, tt.skips)
		}
	}
	if got, _ := ParseCodecs(cfg("codec-x", "m@v1 fast native")); len(got) != 1 || got[0].HasSkips {
		t.Errorf("a codec line alone gave %+v, want no skips", got)
	}
	for _, kv := range [][2]string{{"skips-", "none"}, {"skips-x", ""}, {"skips-y", "none"}} {
		if _, bad := ParseCodecs(cfg("codec-x", "m@v1 fast native", kv[0], kv[1])); len(bad) != 1 {
			t.Errorf("ParseCodecs(%q: %q) gave errors %q, want one", kv[0], kv[1], bad)
		}
	}
}

func TestRawName(t *testing.T) {
	stamp := time.Date(2026, 11, 29, 22, 6, 42, 0, time.UTC)
	tests := []struct {
		kind, file string
	}{
		{KindFull, "20261129T220642Z.txt"},
		{KindQuick, "20261129T220642Z-quick.txt"},
		{KindCustom, "20261129T220642Z-custom.txt"},
		{KindInstr, "20261129T220642Z-instr.txt"},
	}
	for _, tt := range tests {
		n := NewRawName(stamp.Add(400*time.Millisecond), tt.kind)
		if n.String() != tt.file {
			t.Errorf("NewRawName(%q) = %s, want %s", tt.kind, n, tt.file)
		}
		if !IsPartial(n.Partial()) || IsPartial(n.String()) {
			t.Errorf("IsPartial wrong for %s / %s", n.Partial(), n)
		}
		back, err := ParseRawName(tt.file)
		if err != nil || back != n {
			t.Errorf("ParseRawName(%s) = %+v, %v; want %+v", tt.file, back, err, n)
		}
	}
	for _, bad := range []string{"README.md", "2026.txt", "20261129T220642Z-.txt", "20261129T220642Z-x.txt.partial", "20261399T220642Z.txt"} {
		if _, err := ParseRawName(bad); err == nil {
			t.Errorf("ParseRawName(%q) succeeded", bad)
		}
	}
}

func TestMachineID(t *testing.T) {
	tests := []struct {
		cpu  string
		gen  Generation
		want string
	}{
		{"AMD EPYC", Generation{"26", "2", "1"}, "linux-amd64-amd-epyc-f26m2s1"},
		{"AMD EPYC", Generation{}, "linux-amd64-amd-epyc"},
		{"Oxide Virtual Turin-like Processor", Generation{}, "linux-amd64-oxide-virtual-turin-like-processor"},
		{"Intel(R) Xeon(R) CPU @ 2.20GHz", Generation{"6", "85", "7"}, "linux-amd64-intel-xeon-cpu-2-20ghz-f6m85s7"},
		{"Intel(R) Xeon(R) Processor", Generation{}, "linux-amd64-intel-xeon-processor"},
		{"Intel(R) Core(TM) i7-8700", Generation{}, "linux-amd64-intel-core-i7-8700"},
		{"", Generation{}, "linux-amd64-unknown-cpu"},
	}
	for _, tt := range tests {
		if got := MachineID("linux", "amd64", tt.cpu, tt.gen); got != tt.want {
			t.Errorf("MachineID(%q, %v) = %q, want %q", tt.cpu, tt.gen, got, tt.want)
		}
	}
}

func TestSelectionFlags(t *testing.T) {
	want := Selection{Codecs: "goccy,sonic-.*", Ops: "decode-map", Fixtures: ""}
	var got Selection
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	got.RegisterFlags(fs)
	if err := fs.Parse([]string{"-codecs", want.Codecs, "-ops", want.Ops, "-fixtures", want.Fixtures}); err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("flags round trip: got %+v, want %+v", got, want)
	}
	if s := want.String(); s != "codecs=goccy,sonic-.* ops=decode-map fixtures=*" {
		t.Errorf("String() = %q", s)
	}
}

// TestMatrixKind: a quick run is quick even when narrowed; a narrowed one
// is custom; the rest are full.
func TestMatrixKind(t *testing.T) {
	tests := []struct {
		quick, custom bool
		want          string
	}{
		{false, false, KindFull},
		{false, true, KindCustom},
		{true, false, KindQuick},
		{true, true, KindQuick},
	}
	for _, tt := range tests {
		if got := MatrixKind(tt.quick, tt.custom); got != tt.want {
			t.Errorf("MatrixKind(%t, %t) = %q, want %q", tt.quick, tt.custom, got, tt.want)
		}
	}
}
