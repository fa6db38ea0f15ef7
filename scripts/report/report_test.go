package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const (
	testMachine = "linux-amd64-synthetic"
	testRaw     = "20261129T221500Z.txt"
)

// runReport runs the command on a results directory and returns its error and stderr.
func runReport(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(args, &stdout, &stderr)
	return stdout.String() + stderr.String(), err
}

// readTree returns every file under dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func machineReadme(t *testing.T, results string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(results, testMachine, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Same raw input, two directories, and a second run over the first: byte-identical output.
func TestReportIsDeterministic(t *testing.T) {
	raw := synth{shuffle: 3}.text()
	a, b := t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		writeRaw(t, dir, testMachine, testRaw, raw)
		if out, err := runReport(t, "-results", dir); err != nil {
			t.Fatalf("report: %v\n%s", err, out)
		}
	}
	first := readTree(t, a)
	if out, err := runReport(t, "-results", a); err != nil {
		t.Fatalf("second report: %v\n%s", err, out)
	}
	for name, tree := range map[string]map[string][]byte{"another directory": readTree(t, b), "a second run": readTree(t, a)} {
		if len(tree) != len(first) {
			t.Errorf("%s: %d files, first run %d", name, len(tree), len(first))
		}
		for path, data := range first {
			if !bytes.Equal(tree[path], data) {
				t.Errorf("%s: %s differs", name, path)
			}
		}
	}
	for _, want := range []string{
		"README.md",
		testMachine + "/README.md",
		testMachine + "/model.csv",
		testMachine + "/tables/decode-struct.txt",
		testMachine + "/tables/get5.txt",
		testMachine + "/charts/decode-struct-ns-vs-fields.svg",
		testMachine + "/charts/decode-map-allocs-vs-fields.svg",
		testMachine + "/charts/decode-struct-realworld-mbps.svg",
	} {
		if _, ok := first[want]; !ok {
			t.Errorf("missing output %s", want)
		}
	}
	for path := range first {
		if strings.Contains(path, "/.report-") || strings.HasPrefix(path, ".") {
			t.Errorf("staging left behind: %s", path)
		}
	}
}

// The order cells appear in within rounds (the runner shuffles it) changes nothing; codecs follow
// the run's codec-* lines with the base first, and a codec without such a line comes after them.
func TestOutputOrderIsStable(t *testing.T) {
	codecs := []synthCodec{
		{name: "zz-first-declared", declare: true, speed: 0.5, ops: allOps},
		{name: "encoding-json", declare: true, speed: 1, ops: allOps},
		{name: "aa-undeclared", declare: false, speed: 0.7, ops: allOps},
		{name: "memcpy", declare: true, speed: 0.02, ops: []string{"decode-struct"}},
	}
	var trees []map[string][]byte
	for _, shuffle := range []uint64{0, 1, 99} {
		dir := t.TempDir()
		writeRaw(t, dir, testMachine, testRaw, synth{codecs: codecs, shuffle: shuffle}.text())
		if out, err := runReport(t, "-results", dir); err != nil {
			t.Fatalf("report: %v\n%s", err, out)
		}
		trees = append(trees, readTree(t, filepath.Join(dir, testMachine)))
	}
	for i, tree := range trees[1:] {
		for path, data := range trees[0] {
			if strings.HasPrefix(path, "raw/") {
				continue
			}
			if !bytes.Equal(tree[path], data) {
				t.Errorf("shuffle %d: %s differs from the unshuffled run", i+1, path)
			}
		}
	}

	readme := string(trees[0]["README.md"])
	section := readme[strings.Index(readme, "### decode-map"):]
	wantCodecs := []string{"encoding-json", "zz-first-declared", "aa-undeclared"}
	if got := tableColumn(section); !slices.Equal(got, wantCodecs) {
		t.Errorf("model rows %q, want %q", got, wantCodecs)
	}
	table := string(trees[0]["tables/decode-struct.txt"])
	header := regexp.MustCompile(`encoding-json\s+│\s+zz-first-declared\s+│\s+memcpy\s+│\s+aa-undeclared\s+│`)
	if !header.MatchString(table) {
		t.Errorf("benchstat columns not in codec order:\n%s", table)
	}
	var rows []string
	for _, line := range strings.Split(table, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.Contains(f[0], "-") && !strings.Contains(f[0], ":") {
			rows = append(rows, f[0])
		}
	}
	wantRows := []string{"fields-0001", "fields-0002", "fields-0005", "fields-0010", "fields-0020", "fields-0050", "fields-0100", "fields-0200", "fields-0500", "fields-1000",
		"bytes-0.25k", "bytes-0001k", "bytes-0004k", "bytes-0016k", "bytes-0064k"}
	if len(rows) < len(wantRows) || !slices.Equal(rows[:len(wantRows)], wantRows) {
		t.Errorf("benchstat rows %q, want them to start with %q", rows, wantRows)
	}
}

// tableColumn returns the first column of the first Markdown table in s, without its header.
func tableColumn(s string) []string {
	var col []string
	started := false
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "|") {
			if started {
				break
			}
			continue
		}
		started = true
		cell := strings.TrimSpace(strings.Split(line, "|")[1])
		if cell != "codec" && !strings.HasPrefix(cell, "---") {
			col = append(col, cell)
		}
	}
	return col
}

func TestBadInput(t *testing.T) {
	full := synth{}.text()
	tests := []struct {
		name    string
		raws    map[string]string // file name → content
		args    []string
		wantErr string   // empty: the report must succeed
		want    []string // in the machine README
	}{
		{
			name:    "empty raw file",
			raws:    map[string]string{testRaw: ""},
			wantErr: "no usable raw file",
		},
		{
			name:    "corrupt raw file only",
			raws:    map[string]string{testRaw: "BenchmarkCodec/op=decode-map/fixture=fields-0050/codec=x-2 abc ns/op\n\x00\x01garbage\n"},
			wantErr: "no benchmark results",
		},
		{
			name: "corrupt lines among good ones",
			raws: map[string]string{testRaw: synth{junk: []string{
				"BenchmarkCodec/op=decode-map/fixture=fields-0050/codec=sonic-std-2 12 notanumber ns/op",
				"BenchmarkCodec/op=decode-map/fixture=fields-0050/codec=sonic-std-2 12",
			}}.text() + "BenchmarkCodec/op=decode-map/fixture=fields-00"},
			want: []string{"2 lines of raw/" + testRaw + " could not be parsed"},
		},
		{
			name: "a whole family missing",
			raws: map[string]string{testRaw: synth{keep: func(op, fixture, codec string) bool {
				return !strings.HasPrefix(fixture, "bytes-")
			}}.text()},
			want: []string{"No `bytes-*` fixtures in this run: the per-KB fit and the joint fit are missing."},
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
			name: "the newest full run is empty",
			raws: map[string]string{"20261201T000000Z.txt": "", testRaw: full},
			want: []string{"Skipped raw/20261201T000000Z.txt: empty file.", "[raw/" + testRaw + "]"},
		},
		{
			name: "only a quick run",
			raws: map[string]string{"20261129T221500Z-quick.txt": full},
			want: []string{"no usable full run", "newest quick run, raw/20261129T221500Z-quick.txt"},
		},
		{
			name: "a full run is preferred over a newer quick run",
			raws: map[string]string{"20261201T000000Z-quick.txt": synth{rounds: 3}.text(), testRaw: full},
			want: []string{"(full run, 6 rounds)"},
		},
		{
			name: "a single cell",
			raws: map[string]string{testRaw: "goos: linux\nBenchmarkCodec/op=decode-map/fixture=fields-0050/codec=encoding-json-2 \t 100 \t 3679 ns/op\n"},
			want: []string{"(full run, 1 round)", "No `bytes-*` fixtures", "There are no memcpy results", "There is no noop cell"},
		},
		{
			name: "results without ns/op",
			raws: map[string]string{testRaw: "BenchmarkCodec/op=decode-map/fixture=fields-0050/codec=encoding-json-2 \t 100 \t 12 B/op\n"},
			want: []string{"(full run, 0 rounds)"},
		},
		{
			name: "a run built with -race on sonic's fallback engine",
			raws: map[string]string{testRaw: strings.Replace(strings.Replace(full, "race: false", "race: true", 1), "sonic-engine: jit", "sonic-engine: fallback", 1)},
			want: []string{"built with -race", "sonic ran on its fallback engine"},
		},
		{
			name:    "an unknown machine",
			raws:    map[string]string{testRaw: full},
			args:    []string{"-machine", "nope"},
			wantErr: `machine "nope" not found`,
		},
		{
			name:    "no raw directory",
			args:    []string{},
			wantErr: "no machine under",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
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
			readme := machineReadme(t, dir)
			for _, w := range tt.want {
				if !strings.Contains(readme, w) {
					t.Errorf("README lacks %q", w)
				}
			}
		})
	}
}

// One machine with nothing usable fails the command, after the others and the index are written;
// the index also links reports that are not machines.
func TestUnusableMachineFailsAfterOthers(t *testing.T) {
	dir := t.TempDir()
	writeRaw(t, dir, testMachine, testRaw, synth{}.text())
	writeRaw(t, dir, "broken-machine", testRaw, "")
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
		t.Errorf("the usable machine's report was not written: %v", err)
	}
	index, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil || !strings.Contains(string(index), "| broken-machine | — | — | no usable run |") {
		t.Errorf("index does not list the broken machine:\n%s", index)
	}
	if !strings.Contains(string(index), "- [conformance](conformance/README.md)") {
		t.Errorf("index does not link the conformance report:\n%s", index)
	}
}

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	old := writeRaw(t, dir, "old", testRaw, synth{}.text())
	slower := synth{codecs: []synthCodec{
		{name: "encoding-json", declare: true, speed: 1.3, ops: allOps},
		{name: "sonic-std", declare: true, speed: 0.35, ops: allOps},
	}}
	writeRaw(t, dir, "new", "20261201T000000Z.txt", slower.text())
	writeRaw(t, dir, "new", "20261202T000000Z.txt", slower.text())
	out, err := runReport(t, "-compare", old, filepath.Join(dir, "new", "raw"))
	if err != nil {
		t.Fatalf("compare: %v\n%s", err, out)
	}
	for _, want := range []string{"op: decode-struct", "fields-0050 encoding-json", "+30", "vs base", "20261201T000000Z.txt", "20261202T000000Z.txt"} {
		if !strings.Contains(out, want) {
			t.Errorf("compare output lacks %q:\n%.3000s", want, out)
		}
	}
	if _, err := runReport(t, "-compare", old); err == nil {
		t.Error("compare with one argument succeeded")
	}
}

// A report replaces the previous one whole: files of operations no longer present go, raw stays.
func TestReportReplacesStaleFiles(t *testing.T) {
	dir := t.TempDir()
	raw := writeRaw(t, dir, testMachine, testRaw, synth{}.text())
	mdir := filepath.Join(dir, testMachine)
	for _, p := range []string{"tables/gone-op.txt", "charts/gone-op-ns-vs-fields.svg"} {
		full := filepath.Join(mdir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("stale"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := runReport(t, "-results", dir, "-machine", testMachine); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	tree := readTree(t, mdir)
	for _, p := range []string{"tables/gone-op.txt", "charts/gone-op-ns-vs-fields.svg"} {
		if _, ok := tree[p]; ok {
			t.Errorf("stale %s survived", p)
		}
	}
	if !bytes.Equal(tree["raw/"+testRaw], before) {
		t.Error("the raw file changed")
	}
	for p := range tree {
		if strings.HasPrefix(p, ".") {
			t.Errorf("staging left behind: %s", p)
		}
	}
}

// TestCommittedResultsAreCurrent rebuilds the report from the committed raw
// output in a copy of results/ and checks that every committed page, table,
// model and chart is what that raw output gives, byte for byte.
func TestCommittedResultsAreCurrent(t *testing.T) {
	committed := readTree(t, filepath.Join("..", "..", "results"))
	dir := t.TempDir()
	for path, data := range committed {
		dst := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := runReport(t, "-results", dir); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	rebuilt := readTree(t, dir)
	for path, data := range rebuilt {
		if !bytes.Equal(committed[path], data) {
			t.Errorf("results/%s is not what make report builds from the committed raw output; run make report", path)
		}
	}
	for path := range committed {
		if _, ok := rebuilt[path]; !ok {
			t.Errorf("results/%s is committed but make report no longer builds it", path)
		}
	}
}
