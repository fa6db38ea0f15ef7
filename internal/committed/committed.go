// Package committed checks that every committed page is what a report
// command builds from the committed raw files alone. Data flows from HEAD's
// tree under results/ (never the working tree, where local runs and their
// pages live), less the pages the command owns, to a temporary directory
// where the command runs; what it built is compared with what is committed.
package committed

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	pathpkg "path"
	"path/filepath"
	"strings"
	"testing"
)

// Test checks, as a test of t, that build (a report command run on a results
// directory) makes from HEAD's raw files under root/results the pages owns
// accepts, as committed: it is skipped without git, and fails a line per difference.
func Test(t testing.TB, root string, owns func(path string) bool, build func(dir string) error) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git to read the committed results")
	}
	dir := t.TempDir()
	files, err := results(root, dir)
	if err != nil {
		t.Fatal(err)
	}
	for rel := range files { // leave the raw files and the pages of other commands
		if isPage(rel, owns) {
			os.Remove(filepath.Join(dir, filepath.FromSlash(rel)))
		}
	}
	if err := build(dir); err != nil {
		t.Fatal(err)
	}
	rebuilt, err := Tree(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range check(files, rebuilt, owns) {
		t.Error(d)
	}
}

// results writes every file under results/ in HEAD of the repository at root to
// dir and returns them by slash path. It stats HEAD and the ref it names, so
// that go test's cache reruns its caller after a commit.
func results(root, dir string) (map[string][]byte, error) {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--path-format=absolute", "--git-dir", "--git-common-dir", "--symbolic-full-name", "HEAD").Output()
	if err != nil {
		return nil, fmt.Errorf("git rev-parse: %w", err)
	}
	dirs := strings.Fields(string(out))
	if len(dirs) != 3 {
		return nil, fmt.Errorf("git rev-parse printed %q", out)
	}
	for _, p := range []string{filepath.Join(dirs[0], "HEAD"), filepath.Join(dirs[1], dirs[2]), filepath.Join(dirs[1], "packed-refs")} {
		os.Stat(p)
	}
	index := filepath.Join(dir, ".index") // HEAD:results, read into an index of its own
	for _, args := range [][]string{{"read-tree", "HEAD:results"}, {"checkout-index", "--all", "--prefix=" + dir + "/"}} {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_INDEX_FILE="+index)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, bytes.TrimSpace(out))
		}
	}
	if err := os.Remove(index); err != nil {
		return nil, err
	}
	files, err := Tree(dir)
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("HEAD holds no file under results/")
	}
	return files, err
}

// isPage reports whether path (under results/) is a page owns accepts rather
// than a raw file (in a directory named raw, or a doc-<name> directory's raw.txt).
func isPage(path string, owns func(string) bool) bool {
	dir, file := pathpkg.Split("/" + path)
	raw := strings.Contains(dir, "/raw/") || file == "raw.txt" && strings.HasPrefix(pathpkg.Base(dir), "doc-")
	return !raw && owns(path)
}

// check returns one line per difference between the committed pages and those rebuilt.
func check(committed, rebuilt map[string][]byte, owns func(string) bool) []string {
	var diffs []string
	for path, data := range rebuilt {
		if want, ok := committed[path]; !isPage(path, owns) {
			continue
		} else if !ok {
			diffs = append(diffs, fmt.Sprintf("results/%s is what make report builds, but it is not committed; run make report and commit it", path))
		} else if !bytes.Equal(want, data) {
			diffs = append(diffs, fmt.Sprintf("results/%s is not what make report builds from the committed raw output; run make report", path))
		}
	}
	for path := range committed {
		if _, ok := rebuilt[path]; !ok && isPage(path, owns) {
			diffs = append(diffs, fmt.Sprintf("results/%s is committed but make report no longer builds it", path))
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
