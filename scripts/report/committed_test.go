package main

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommittedResultsAreCurrent rebuilds the report from the committed raw
// output alone (the files under results/ as the last commit holds them,
// written to a temporary directory, so neither a local run nor a page that
// make report rewrote for it changes anything) and checks that every
// committed page, table, model and chart is what that raw output gives,
// byte for byte.
func TestCommittedResultsAreCurrent(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git to read the committed results")
	}
	root := filepath.Join("..", "..")
	out, err := exec.Command("git", "-C", root, "archive", "--format=tar", "HEAD", "results").Output()
	if err != nil {
		t.Fatalf("git archive HEAD results: %v", err)
	}
	watchHead(t, root)
	dir := t.TempDir()
	committed := map[string][]byte{}
	tr := tar.NewReader(bytes.NewReader(out))
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("reading git archive: %v", err)
		}
		if hdr.Typeflag != tar.TypeReg {
			continue
		}
		rel, ok := strings.CutPrefix(hdr.Name, "results/")
		if !ok {
			t.Fatalf("git archived %q outside results/", hdr.Name)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatalf("reading git archive: %v", err)
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

// watchHead reads the files that say which commit HEAD is, so that go
// test's cache, which knows only the files a test opens, reruns the test
// when a commit changes the results it reads through git.
func watchHead(t *testing.T, root string) {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--absolute-git-dir", "--git-common-dir").Output()
	if err != nil {
		t.Fatalf("git rev-parse: %v", err)
	}
	dirs := strings.Fields(string(out))
	gitDir, common := dirs[0], dirs[len(dirs)-1]
	if !filepath.IsAbs(common) {
		common = filepath.Join(root, common)
	}
	head, _ := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if ref, ok := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: "); ok {
		os.ReadFile(filepath.Join(common, filepath.FromSlash(ref)))
	}
	os.ReadFile(filepath.Join(common, "packed-refs"))
}
