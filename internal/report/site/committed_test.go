package site

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// TestResultsAreCurrent checks that the pages under results/ are what make
// report builds from the raw files there, byte for byte: it copies the raw
// files git tracks (a local run is no committed result) and the conformance
// tables (another command's, which the index lists) to a temporary
// directory, builds the report there, and compares every page it owns with
// the tracked file, both ways: a page passes as it is in the working tree
// or as it is staged. It reads the files from the working tree, so go test
// reruns it when one of them changes.
func TestResultsAreCurrent(t *testing.T) {
	t.Parallel()
	results := filepath.Join("..", "..", "..", "results")
	out, err := exec.Command("git", "-C", results, "ls-files", "-z", ".").Output()
	if err != nil {
		t.Skipf("git cannot list the committed results: %v", err)
	}
	dir := t.TempDir()
	tracked := map[string][]byte{} // the pages
	for _, p := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		src := filepath.Join(results, filepath.FromSlash(p))
		if isPage(p) {
			if tracked[p], err = os.ReadFile(src); err != nil {
				t.Fatal(err)
			}
		} else if err := link(src, filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			t.Fatal(err)
		}
	}
	var log bytes.Buffer
	if err := Build(dir, "", &log, &log); err != nil {
		t.Fatalf("report: %v\n%s", err, log.String())
	}
	err = fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !isPage(p) {
			return err
		}
		built, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if committed, ok := tracked[p]; !ok {
			t.Errorf("results/%s is what make report builds, but it is not committed; run make report and commit it", p)
		} else if !bytes.Equal(committed, built) && !bytes.Equal(staged(results, p), built) {
			t.Errorf("results/%s is not what make report builds from the committed raw files; run make report", p)
		}
		delete(tracked, p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for p := range tracked {
		if isPage(p) {
			t.Errorf("results/%s is committed but make report no longer builds it", p)
		}
	}
}

// link gives dst the content of src, a link to it where the file system
// allows, else a copy: the raw files are hundreds of megabytes. It stats
// src, so that go test reruns a result that read it when it changes.
func link(src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if os.Link(src, dst) == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err == nil {
		_, err = io.Copy(out, in)
		err = errors.Join(err, out.Close())
	}
	return err
}

// staged is page p as git's index holds it, or nil. A local run's make
// report rewrites the index page and the machine page in the working tree;
// built without that run, they are still what is staged.
// It stats git's index, so that go test reruns a result that read it when
// the index changes.
func staged(results, p string) []byte {
	if index, err := exec.Command("git", "-C", results, "rev-parse", "--path-format=absolute", "--git-path", "index").Output(); err == nil {
		os.Stat(strings.TrimSpace(string(index)))
	}
	data, err := exec.Command("git", "-C", results, "show", ":./"+p).Output()
	if err != nil {
		return nil
	}
	return data
}

// isPage reports whether p, a path under results/, is a page the report
// writes: not a raw file (in a directory named raw, or a doc-<name>
// directory's raw.txt) and not a conformance table.
func isPage(p string) bool {
	dir, file := path.Split("/" + p)
	raw := strings.Contains(dir, "/raw/") || file == "raw.txt" && strings.HasPrefix(path.Base(dir), "doc-")
	return !raw && !strings.HasPrefix(p, "conformance/")
}
