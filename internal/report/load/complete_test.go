package load

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// wholeRun is a raw file as the runner writes it: configuration lines, then
// two rounds, each with a noop line per run of the benchmark binary, every
// fields-* cell once per pass (two a round) and every other cell once.
func wholeRun() string {
	var b strings.Builder
	for _, kv := range [][2]string{{rawfmt.KeyCommit, "1a2b3c4d5e6f"}, {rawfmt.KeyRounds, "2"}, {rawfmt.KeyFieldsPasses, "2"}} {
		fmt.Fprintf(&b, "%s: %s\n", kv[0], kv[1])
	}
	base := rawfmt.CodecConfig{Name: rawfmt.Base, ModuleVersion: "std@go1.26.8", Category: "std", Engine: "native"}
	fmt.Fprintf(&b, "%s: %s\n", base.Key(), base.Value())
	fields := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.Base}
	other := rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: "es-hits-10-full", Codec: rawfmt.Base}
	for range 2 {
		b.WriteString(line(rawfmt.NoopCell, "2 ns/op"))
		b.WriteString(line(fields, "1234 ns/op 50 fields/op"))
		b.WriteString(line(rawfmt.NoopCell, "2 ns/op"))
		b.WriteString(line(fields, "1240 ns/op 50 fields/op"))
		b.WriteString(line(other, "5678 ns/op 500 fields/op"))
	}
	return b.String()
}

// A raw file cut anywhere, mid-line or at the end of a line inside a round,
// does not load, and its error is one line naming the file and the line
// the file ends on; the whole file loads.
func TestCutRawFile(t *testing.T) {
	whole := wholeRun()
	lines := strings.SplitAfter(whole, "\n")
	lastFields := strings.LastIndex(whole, "1240 ns/op")
	tests := []struct {
		name string
		cut  int    // bytes of whole kept
		line int    // the line the error names
		want string // in the error
	}{
		{"inside a configuration line", strings.Index(whole, "1a2b3c"), 1, "the last line is cut off"},
		{"at the end of the configuration", len(strings.Join(lines[:4], "")), 4, "no benchmark results"},
		{"inside a name", strings.LastIndex(whole, "fixture=es-hits") + len("fixture=es-"), 14, "the last line is cut off"},
		{"inside a number", lastFields + 2, 13, "the last line is cut off"},
		{"inside a value, before its unit", lastFields + len("1240 "), 13, "the last line is cut off"},
		{"inside a unit", lastFields + len("1240 ns/"), 13, "the last line is cut off"},
		{"at the end of the line, before the newline", len(whole) - 1, 14, "the last line is cut off"},
		{"at the end of a line inside the last round", len(strings.Join(lines[:13], "")), 13, "the file ends in round 2 of 2: " + rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: "es-hits-10-full", Codec: rawfmt.Base}.String() + " has 1 of its 2 samples"},
		{"after the noop line of the last pass", len(strings.Join(lines[:12], "")), 12, "the file ends in round 2 of 2: " + rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.Base}.String() + " has 3 of its 4 samples"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "20261129T220000Z.txt")
			write(t, path, whole[:tt.cut])
			_, err := Load(Raw{Path: path, File: filepath.Base(path)})
			prefix := fmt.Sprintf("%s:%d: ", path, tt.line)
			if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line starting %q and containing %q", err, prefix, tt.want)
			}
		})
	}
	path := filepath.Join(t.TempDir(), "20261129T220000Z.txt")
	write(t, path, whole)
	if _, err := Load(Raw{Path: path, File: filepath.Base(path)}); err != nil {
		t.Errorf("the whole file: %v", err)
	}
	write(t, path, whole+strings.Join(lines[len(lines)-4:], ""))
	if _, err := Load(Raw{Path: path, File: filepath.Base(path)}); err == nil || !strings.Contains(err.Error(), "the file is not one run") {
		t.Errorf("a file with a round too many: error %v", err)
	}
}

func TestCommit(t *testing.T) {
	tests := []struct {
		config, commit string
		committed      bool
	}{
		{rawfmt.KeyCommit + ": 1a2b3c4d5e6f\n", "1a2b3c4d5e6f", true},
		{rawfmt.KeyCommit + ": 1a2b3c4d5e6f" + rawfmt.DirtySuffix + "\n", "1a2b3c4d5e6f" + rawfmt.DirtySuffix, false},
		{rawfmt.KeyCommit + ": unknown\n", "unknown", false},
		{"", "", false},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "x")
		write(t, path, tt.config+line(rawfmt.Cell{Op: rawfmt.OpDecodeMap, Fixture: ArticleLarge, Codec: rawfmt.Base}, "100 ns/op"))
		r, err := Load(Raw{Path: path, File: "x"})
		if err != nil {
			t.Fatal(err)
		}
		if commit, _ := r.Value(rawfmt.KeyCommit); commit != tt.commit || r.Committed() != tt.committed {
			t.Errorf("%q: commit %q, Committed() = %t; want %q, %t", tt.config, commit, r.Committed(), tt.commit, tt.committed)
		}
	}
}
