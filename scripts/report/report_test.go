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
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

const testMachine = "linux-amd64-synthetic"

// testName names a raw file of the given kind started minutes after a
// fixed time.
func testName(minutes int, kind string) rawfmt.RawName {
	return rawfmt.NewRawName(time.Date(2026, 11, 29, 22, 15, 0, 0, time.UTC).Add(time.Duration(minutes)*time.Minute), kind)
}

func rawName(minutes int, kind string) string { return testName(minutes, kind).String() }

var testRaw = rawName(0, rawfmt.KindFull)

// runReport runs the command and returns its output and error.
func runReport(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(args, &stdout, &stderr)
	return stdout.String() + stderr.String(), err
}

// mustReport runs the report on a results directory and fails on error.
func mustReport(t *testing.T, dir string, args ...string) {
	t.Helper()
	if out, err := runReport(t, append([]string{"-results", dir}, args...)...); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
}

// writeFiles writes files, by slash path, under dir.
func writeFiles(dir string, files map[string][]byte) error {
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func readFile(t *testing.T, path ...string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(path...))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Same raw input, two directories, and a second run over the first:
// byte-identical output.
func TestReportIsDeterministic(t *testing.T) {
	t.Parallel()
	raw := synth{shuffle: 3}.text()
	quick := synth{rounds: 3, keep: func(op, fixture, codec string) bool { return strings.HasPrefix(fixture, "fields-00") }}.text()
	a, b := t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		writeRaw(t, dir, testMachine, testRaw, raw)
		writeRaw(t, dir, testMachine, rawName(5, rawfmt.KindQuick), quick)
		mustReport(t, dir)
	}
	first := readTree(t, a)
	mustReport(t, a)
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
	stamp := testName(5, rawfmt.KindQuick).StampString()
	for _, want := range []string{
		"README.md",
		testMachine + "/README.md",
		testMachine + "/model.csv",
		testMachine + "/tables/decode-struct.txt",
		testMachine + "/tables/get5.txt",
		testMachine + "/charts/decode-struct-ns-vs-fields.svg",
		testMachine + "/charts/decode-map-allocs-vs-fields.svg",
		testMachine + "/charts/decode-struct-realworld-mbps.svg",
		testMachine + "/runs/" + stamp + "/README.md",
		testMachine + "/runs/" + stamp + "/tables/decode-struct.txt",
		testMachine + "/runs/" + stamp + "/charts/decode-struct-ns-vs-fields.svg",
	} {
		if _, ok := first[want]; !ok {
			t.Errorf("missing output %s", want)
		}
	}
	for path := range first {
		if strings.Contains(path, "/.") || strings.HasPrefix(path, ".") {
			t.Errorf("temporary file left behind: %s", path)
		}
	}
}

// The order cells appear in within rounds (the runner shuffles it) changes
// nothing; codecs follow the run's codec lines with the base first, a codec
// without a line comes after them, and the floor is the last column.
func TestOutputOrderIsStable(t *testing.T) {
	t.Parallel()
	codecs := []synthCodec{
		{name: "zz-first-declared", declare: true, speed: 0.5, ops: allOps},
		{name: rawfmt.Base, declare: true, speed: 1, ops: allOps},
		{name: "aa-undeclared", speed: 0.7, ops: allOps},
		{name: rawfmt.Floor, speed: 0.02, ops: []string{"decode-struct"}},
	}
	var trees []map[string][]byte
	for _, shuffle := range []uint64{0, 1, 99} {
		dir := t.TempDir()
		writeRaw(t, dir, testMachine, testRaw, synth{codecs: codecs, shuffle: shuffle}.text())
		mustReport(t, dir)
		trees = append(trees, readTree(t, filepath.Join(dir, testMachine)))
	}
	for i, tree := range trees[1:] {
		for path, data := range trees[0] {
			if !strings.HasPrefix(path, "raw/") && !bytes.Equal(tree[path], data) {
				t.Errorf("shuffle %d: %s differs from the unshuffled run", i+1, path)
			}
		}
	}
	page := string(trees[0]["ops/decode-map.md"])
	section := page[strings.Index(page, "## Cost model"):]
	if got, want := tableColumn(section), []string{rawfmt.Base, "zz-first-declared", "aa-undeclared"}; !slices.Equal(got, want) {
		t.Errorf("model rows %q, want %q", got, want)
	}
	table := string(trees[0]["tables/decode-struct.txt"])
	header := regexp.MustCompile(rawfmt.Base + `\s+│\s+zz-first-declared\s+│\s+aa-undeclared\s+│\s+` + rawfmt.Floor + `\s+│`)
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

// tableColumn returns the first column of the first Markdown table in s,
// without its header.
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

// flat is s with every run of white space one space, so that a test finds a
// sentence however markdown.Wrap folded it.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// readTree returns every file under dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files, err := tree(dir)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// tree returns every file under dir by slash path relative to dir.
func tree(dir string) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	return files, err
}
