package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommittedResultsAreCurrent rebuilds the report from the committed raw
// output alone (the files git tracks under results/, copied to a temporary
// directory, so a local run that is not committed changes nothing) and
// checks that every committed page, table, model and chart is what that
// raw output gives, byte for byte.
func TestCommittedResultsAreCurrent(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git to list the committed results")
	}
	root := filepath.Join("..", "..")
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--", "results").Output()
	if err != nil {
		t.Fatalf("git ls-files results: %v", err)
	}
	dir := t.TempDir()
	committed := map[string][]byte{}
	for _, path := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		rel, ok := strings.CutPrefix(path, "results/")
		if !ok {
			t.Fatalf("git listed %q outside results/", path)
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
		if err != nil {
			t.Fatalf("committed file: %v", err)
		}
		committed[rel] = data
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(committed) == 0 {
		t.Fatal("git tracks no file under results/")
	}
	mustReport(t, dir)
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
