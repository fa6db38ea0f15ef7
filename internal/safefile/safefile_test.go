package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "table.md")
	for _, content := range []string{"first\n", "second, longer than the first\n"} {
		if err := WriteFile(path, []byte(content), 0o640); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != content {
			t.Errorf("read %q, %v after writing %q", got, err, content)
		}
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	assertOnly(t, dir, "table.md")
}

// TestWriteFileFailure writes over a directory: the rename fails, the
// directory stays, and no temporary file is left.
func TestWriteFileFailure(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "taken")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(target, []byte("x"), 0o644)
	if err == nil || !strings.HasPrefix(err.Error(), "writing "+target+": ") {
		t.Fatalf("WriteFile over a directory: %v, want an error naming the path", err)
	}
	assertOnly(t, dir, "taken")

	missing := filepath.Join(dir, "no", "such", "dir", "f")
	if err := WriteFile(missing, []byte("x"), 0o644); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("WriteFile into a missing directory: %v, want an error naming the path", err)
	}
}

// assertOnly fails t unless dir holds exactly the named entry.
func assertOnly(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != name {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %q, want only %q", names, name)
	}
}
