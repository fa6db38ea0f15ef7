package main

import (
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// httpRaw is a committed HTTP raw file: its text.
func httpRaw(t *testing.T) string {
	t.Helper()
	raws, _ := filepath.Glob(filepath.Join("..", "..", "results", "*", httpDir, "raw", "*.txt"))
	if len(raws) == 0 {
		t.Fatal("no committed HTTP raw file under results/*/http/raw/")
	}
	return readFile(t, raws[0])
}

// writeHTTPRaw writes an HTTP raw file of machine m under results.
func writeHTTPRaw(t *testing.T, results, m, name, text string) {
	t.Helper()
	dir := filepath.Join(results, m, httpDir, "raw")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The report builds a machine's HTTP page and charts from its preferred
// raw file, links the page from the index, and removes the charts it no
// longer has; the raw files and other files stay.
func TestHTTPPage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeRaw(t, dir, testMachine, testRaw, synth{}.text())
	writeHTTPRaw(t, dir, testMachine, testRaw, httpRaw(t))
	hdir := filepath.Join(dir, testMachine, httpDir)
	for _, f := range []string{"latency-9-workers.svg", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(hdir, f), []byte("stale"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := runReport(t, "-results", dir)
	if err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	if want := "report: " + testMachine + "/http: built from raw/" + testRaw + "\n"; !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	tree := readTree(t, hdir)
	if got, want := slices.Sorted(maps.Keys(tree)), []string{"README.md", "latency-200-rps.svg", "latency-64-workers.svg", "notes.txt", "raw/" + testRaw}; !slices.Equal(got, want) {
		t.Errorf("http/ holds %q, want %q", got, want)
	}
	if page := string(tree["README.md"]); !strings.Contains(page, "(latency-64-workers.svg)") {
		t.Errorf("the page shows no chart:\n%s", page)
	}
	if index := readFile(t, dir, "README.md"); !strings.Contains(index, "("+testMachine+"/http/README.md)") {
		t.Errorf("the index does not link the HTTP page:\n%s", index)
	}
}

// A cut HTTP raw file fails the report with a line naming the machine and
// the file, and changes no page.
func TestCutHTTPRawFileChangesNoPage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeRaw(t, dir, testMachine, testRaw, synth{}.text())
	whole := httpRaw(t)
	writeHTTPRaw(t, dir, testMachine, testRaw, whole)
	mustReport(t, dir)
	before := readTree(t, dir)
	later := rawName(60, rawfmt.KindFull)
	writeHTTPRaw(t, dir, testMachine, later, whole[:strings.LastIndex(whole, " req/s")])
	_, err := runReport(t, "-results", dir)
	if want := "machine " + testMachine + ": " + later + ":"; err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("error %v, want one line starting %q", err, want)
	}
	after := readTree(t, dir)
	delete(after, testMachine+"/http/raw/"+later)
	for _, p := range slices.Sorted(maps.Keys(after)) {
		if !bytes.Equal(before[p], after[p]) {
			t.Errorf("%s changed", p)
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d files after, %d before", len(after), len(before))
	}
}

// TestPreferredRaw checks which raw file a report is built from: the
// newest full run, else the newest run of any kind; other files do not
// count.
func TestPreferredRaw(t *testing.T) {
	tests := []struct {
		files []string
		want  string
	}{
		{[]string{"20260101T000000Z.txt", "20260201T000000Z-quick.txt", "20251201T000000Z.txt"}, "20260101T000000Z.txt"},
		{[]string{"20260101T000000Z-quick.txt", "20260201T000000Z-custom.txt", ".20260301T000000Z.txt.partial", "notes.txt"}, "20260201T000000Z-custom.txt"},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		for _, f := range tt.files {
			os.WriteFile(filepath.Join(dir, f), nil, 0o644)
		}
		if got, err := preferredRaw(dir); got != tt.want || err != nil {
			t.Errorf("preferredRaw(%q) = %q, %v; want %q", tt.files, got, err, tt.want)
		}
	}
	if _, err := preferredRaw(t.TempDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("preferredRaw(empty) = %v, want fs.ErrNotExist", err)
	}
}
