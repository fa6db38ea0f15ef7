package main

import (
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// cellLine is one result line of a raw file.
func cellLine(op, fixture, codec, values string) string {
	return rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}.Name() + "-2 \t 100 \t " + values + "\n"
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	full := synth{}.text()
	config := func(key, value string) string { return key + ": " + value }
	tests := []struct {
		name    string
		raws    map[string]string // file name → content
		args    []string
		wantErr string   // empty: the report must succeed
		want    []string // in the machine README
		not     []string // not in the machine README
	}{
		{
			name:    "empty raw file",
			raws:    map[string]string{testRaw: ""},
			wantErr: testRaw + ": empty file",
		},
		{
			name:    "no raw file",
			raws:    map[string]string{"notes.md": "not a run"},
			wantErr: "no raw files in",
		},
		{
			name:    "corrupt raw file only",
			raws:    map[string]string{testRaw: cellLine("decode-map", "fields-0050", "x", "abc ns/op") + "\x00\x01garbage\n"},
			wantErr: "no benchmark results",
		},
		{
			name: "corrupt lines among good ones",
			raws: map[string]string{testRaw: synth{junk: []string{
				strings.TrimSpace(cellLine("decode-map", "fields-0050", "sonic-std", "notanumber ns/op")),
				rawfmt.Cell{Op: "decode-map", Fixture: "fields-0050", Codec: "sonic-std"}.Name() + "-2 12",
			}}.text()},
			want: []string{"2 lines of raw/" + testRaw + " could not be parsed"},
		},
		{
			name: "results that name no cell",
			raws: map[string]string{testRaw: full + "BenchmarkOther-2 \t 100 \t 5 ns/op\n" +
				rawfmt.Benchmark + "/" + rawfmt.KeyOp + "=decode-map-2 \t 100 \t 5 ns/op\n"},
			want: []string{"2 results that do not name"},
		},
		{
			name: "a whole family missing",
			raws: map[string]string{testRaw: synth{keep: func(op, fixture, codec string) bool {
				return !strings.HasPrefix(fixture, "bytes-")
			}}.text()},
			want: []string{"No `bytes-*` fixtures in this run, so the page lacks the per-KB fit and the joint fit."},
		},
		{
			name: "fields family and es-hits missing",
			raws: map[string]string{testRaw: synth{keep: func(op, fixture, codec string) bool {
				return !strings.HasPrefix(fixture, "fields-") && !strings.HasPrefix(fixture, "es-hits-")
			}}.text()},
			want: []string{"No `fields-*` fixtures", "No `es-hits-*` fixtures", "This run has no `fields-0005` and `fields-0050` cells", "This run has no `es-hits-*` cells."},
		},
		{
			name: "a codec with too few samples",
			raws: map[string]string{testRaw: synth{samples: func(op, fixture, codec string) int {
				if codec == "goccy" {
					return 2
				}
				return 6
			}}.text()},
			want: []string{"goccy: ", "fewest: 2", "get no bootstrap interval"},
		},
		{
			name: "a codec with a single point per fit",
			raws: map[string]string{testRaw: synth{keep: func(op, fixture, codec string) bool {
				return codec != "goccy" || fixture == "fields-0050"
			}}.text()},
			want: []string{"No ns-per-field fit (too few points: 1, need at least 2) for decode-map/goccy"},
		},
		{
			name:    "the newest full run is empty",
			raws:    map[string]string{rawName(60, rawfmt.KindFull): "", testRaw: full},
			wantErr: rawName(60, rawfmt.KindFull) + ": empty file",
		},
		{
			name:    "an instruction count that does not load",
			raws:    map[string]string{testRaw: full, rawName(60, rawfmt.KindInstr): "anything"},
			wantErr: "the instruction count of " + testRaw + ": ",
		},
		{
			name: "only a quick run",
			raws: map[string]string{rawName(0, rawfmt.KindQuick): full},
			want: []string{"This machine has no full run", "(quick run)](runs/" + testName(0, "").StampString() + "/README.md)"},
			not:  []string{"raw/" + rawName(0, rawfmt.KindQuick)},
		},
		{
			name: "a full run is preferred over a newer quick run",
			raws: map[string]string{rawName(60, rawfmt.KindQuick): synth{rounds: 3}.text(), testRaw: full},
			want: []string{"(full run, 6 rounds)", "(quick run)](runs/" + testName(60, "").StampString() + "/README.md)"},
		},
		{
			name: "files the report does not read",
			raws: map[string]string{
				testRaw:                    full,
				testName(90, "").Partial(): "half a run",
				"notes.txt":                "hello",
			},
			want: []string{"Ignored raw/notes.txt: "},
			not:  []string{testName(90, "").Partial()}, // a local run in progress changes no page
		},
		{
			name: "a single cell",
			raws: map[string]string{testRaw: config(rawfmt.KeyGOOS, "linux") + "\n" + cellLine("decode-map", "fields-0050", rawfmt.Base, "3679 ns/op")},
			want: []string{"(full run, 1 round)", "No `bytes-*` fixtures", "There are no " + rawfmt.Floor + " results", "There is no " + rawfmt.Noop + " cell"},
		},
		{
			name: "results without ns/op",
			raws: map[string]string{testRaw: cellLine("decode-map", "fields-0050", rawfmt.Base, "12 B/op")},
			want: []string{"(full run, 0 rounds)"},
		},
		{
			name: "a run built with -race on sonic's fallback engine",
			raws: map[string]string{testRaw: strings.Replace(strings.Replace(full,
				config(rawfmt.KeyRace, "false"), config(rawfmt.KeyRace, "true"), 1),
				config(rawfmt.KeySonicEngine, "jit"), config(rawfmt.KeySonicEngine, "fallback"), 1)},
			want: []string{"built with -race", "sonic ran on its fallback engine"},
		},
		{
			name: "configuration that changes within the file",
			raws: map[string]string{testRaw: full + config(rawfmt.KeyGOGC, "off") + "\n" + cellLine("decode-map", "fields-0050", rawfmt.Base, "3679 ns/op")},
			want: []string{"The configuration changes within the raw file (" + rawfmt.KeyGOGC + ")"},
		},
		{
			name: "a malformed codec line",
			raws: map[string]string{testRaw: rawfmt.KeyCodecPrefix + "broken: nonsense\n" + full},
			want: []string{"codec configuration", "module@version category engine"},
		},
		{
			name: "names that are not Markdown",
			raws: map[string]string{testRaw: synth{codecs: []synthCodec{
				{name: rawfmt.Base, declare: true, speed: 1, ops: allOps},
				{name: "x<b>&y", declare: true, speed: 0.5, ops: allOps},
			}}.text()},
			want: []string{"| x&lt;b&gt;&amp;y |", "(x&lt;b&gt;&amp;y)"},
			not:  []string{"<b>"},
		},
		{
			name:    "an unknown machine",
			raws:    map[string]string{testRaw: full},
			args:    []string{"-machine", "nope"},
			wantErr: `machine "nope" not found`,
		},
		{
			name:    "no raw directory",
			wantErr: "no machine under",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, content := range tt.raws {
				writeRaw(t, dir, testMachine, name, content)
			}
			out, err := runReport(t, append([]string{"-results", dir}, tt.args...)...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("report: %v\n%s", err, out)
			}
			readme := readFile(t, dir, testMachine, "README.md")
			for _, w := range tt.want {
				if !strings.Contains(readme, w) {
					t.Errorf("README lacks %q", w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(readme, w) {
					t.Errorf("README has %q", w)
				}
			}
		})
	}
}
