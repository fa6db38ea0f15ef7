// Package committed reads the results as the last commit holds them, for
// the tests that check that every committed page is what a report command
// builds from the committed raw files alone.
//
// Data flows from git (HEAD's tree under results/, never the working tree,
// where a user's local runs and the pages rebuilt for them live) to a
// temporary directory that holds only the command's inputs (the raw files
// and other commands' pages), where the test runs the report command; Check
// then compares what it built with what is committed, both ways.
package committed

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	pathpkg "path"
	"path/filepath"
	"strings"
	"testing"
)

// Test checks, as a test of t, that build (a report command run on a
// results directory) makes from HEAD's raw files under root/results the
// pages owns accepts, as committed: it is skipped without git, and fails
// with a line per difference.
func Test(t testing.TB, root string, owns func(path string) bool, build func(dir string) error) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git to read the committed results")
	}
	files, err := results(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for rel, data := range files { // the raw files and the pages of other commands
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if !IsRaw(rel) && owns(rel) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := build(dir); err != nil {
		t.Fatal(err)
	}
	rebuilt, err := Tree(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Check(files, rebuilt, owns, "make report") {
		t.Error(d)
	}
}

// results returns every file under results/ in HEAD of the repository at
// root, by slash path relative to results/. It also reads HEAD and the ref
// it names (loose or packed), so that go test's cache, which knows only the
// files a test opens, reruns its caller after a commit.
func results(root string) (map[string][]byte, error) {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--absolute-git-dir", "--git-common-dir").Output()
	if err != nil {
		return nil, fmt.Errorf("git rev-parse: %w", err)
	}
	dirs := strings.Fields(string(out))
	if len(dirs) != 2 {
		return nil, fmt.Errorf("git rev-parse printed %q", out)
	}
	gitDir, common := dirs[0], dirs[1]
	if !filepath.IsAbs(common) {
		common = filepath.Join(root, common)
	}
	head, _ := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if ref, ok := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: "); ok {
		os.ReadFile(filepath.Join(common, filepath.FromSlash(ref)))
	}
	os.ReadFile(filepath.Join(common, "packed-refs"))
	if out, err = exec.Command("git", "-C", root, "archive", "--format=tar", "HEAD", "results").Output(); err != nil {
		return nil, fmt.Errorf("git archive HEAD results: %w", err)
	}
	files := map[string][]byte{}
	for tr := tar.NewReader(bytes.NewReader(out)); ; {
		hdr, err := tr.Next()
		switch {
		case err == io.EOF && len(files) == 0:
			return nil, fmt.Errorf("HEAD holds no file under results/")
		case err == io.EOF:
			return files, nil
		case err != nil:
			return nil, fmt.Errorf("reading git archive: %w", err)
		case hdr.Typeflag != tar.TypeReg:
			continue
		}
		rel, ok := strings.CutPrefix(hdr.Name, "results/")
		if !ok {
			return nil, fmt.Errorf("git archived %q outside results/", hdr.Name)
		}
		if files[rel], err = io.ReadAll(tr); err != nil {
			return nil, fmt.Errorf("reading git archive: %w", err)
		}
	}
}

// IsRaw reports whether path (relative to results/) is a raw file, which
// the report commands read and never write: a file in a directory named
// raw, or the raw.txt of a document's directory doc-<name>.
func IsRaw(path string) bool {
	dir, file := pathpkg.Split("/" + path)
	return strings.Contains(dir, "/raw/") || file == "raw.txt" && strings.HasPrefix(pathpkg.Base(dir), "doc-")
}

// Check compares the pages a report command built (rebuilt) with the
// committed files it owns: each built page must be committed byte for byte,
// and each committed page it owns must be built. It returns one line per
// difference.
func Check(committed, rebuilt map[string][]byte, owns func(path string) bool, command string) []string {
	var diffs []string
	for path, data := range rebuilt {
		if want, ok := committed[path]; IsRaw(path) || !owns(path) {
			continue
		} else if !ok {
			diffs = append(diffs, fmt.Sprintf("results/%s is what %s builds, but it is not committed; run %s and commit it", path, command, command))
		} else if !bytes.Equal(want, data) {
			diffs = append(diffs, fmt.Sprintf("results/%s is not what %s builds from the committed raw output; run %s", path, command, command))
		}
	}
	for path := range committed {
		if _, ok := rebuilt[path]; !ok && !IsRaw(path) && owns(path) {
			diffs = append(diffs, fmt.Sprintf("results/%s is committed but %s no longer builds it", path, command))
		}
	}
	return diffs
}

// Tree returns every file under dir by slash path relative to dir.
func Tree(dir string) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	return files, err
}
