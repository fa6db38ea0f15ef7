package testinputs

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeFiles writes files, by slash path relative to root, making their
// directories.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTrack(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"go.mod":                   "module m\n",
		"a/a.go":                   "package a\n",
		"a/testdata/doc.json":      "{}",
		"a/results/kept.txt":       "",
		"b/.keep":                  "",
		".git/HEAD":                "",
		"_scratch/x.go":            "package x\n",
		"results/machine/raw.txt":  "",
		"nested/go.mod":            "module n\n",
		"nested/sub/sub.go":        "package sub\n",
		"gen/.cache/generated.txt": "",
	})
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := track(root, entries)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range got {
		got[i], _ = filepath.Rel(root, d)
		got[i] = filepath.ToSlash(got[i])
	}
	want := []string{"a", "a/results", "a/testdata", "b", "gen"}
	if !slices.Equal(got, want) {
		t.Errorf("track opened %q, want %q", got, want)
	}
}

func TestModuleRoot(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"m/go.mod": "module m\n", "m/a/b/b.go": "package b\n"})
	m := filepath.Join(root, "m")
	for _, tt := range []struct {
		dir, want, err string
	}{
		{m, m, ""},
		{filepath.Join(m, "a", "b"), m, ""},
		{root, "", "no go.mod in " + root + " or above"},
	} {
		got, err := moduleRoot(tt.dir)
		if got != tt.want || tt.err == "" && err != nil || tt.err != "" && (err == nil || err.Error() != tt.err) {
			t.Errorf("moduleRoot(%s) = %q, %v; want %q, %q", tt.dir, got, err, tt.want, tt.err)
		}
	}
}

// TestGoTestRerun runs go test on a scratch module, whose package a has a
// test that calls Track and package g one that calls TrackGo, after each
// change in turn, and checks which results stay cached.
func TestGoTestRerun(t *testing.T) {
	TrackGo(t) // it builds a scratch module in a child go command
	src, err := os.ReadFile("testinputs.go")
	if err != nil {
		t.Fatal(err)
	}
	const test = "package %s\n\nimport (\n\t\"testing\"\n\n\t\"scratch/testinputs\"\n)\n\nfunc TestIt(t *testing.T) { testinputs.%s(t) }\n"
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"go.mod":                   "module scratch\n\ngo 1.26\n",
		"testinputs/testinputs.go": string(src),
		"a/a_test.go":              fmt.Sprintf(test, "a", "Track"),
		"g/g_test.go":              fmt.Sprintf(test, "g", "TrackGo"),
		"b/b.go":                   "package b\n",
		"root.go":                  "package scratch\n",
		"results/raw.txt":          "",
		".git/index":               "",
	})
	goflags := "" // the user's GOFLAGS could turn caching off
	edit := func(name, content string) func(t *testing.T) {
		return func(t *testing.T) { writeFiles(t, root, map[string]string{name: content}) }
	}
	steps := []struct {
		name   string
		change func(t *testing.T)
		cached []string // the packages whose result is reused
	}{
		{"first run", nil, nil},
		{"nothing changed", nil, []string{"a", "g"}},
		{"a file no test binary builds", edit("b/b.go", "package b // edited\n"), []string{"g"}},
		{"a file of the root package", edit("root.go", "package scratch // edited\n"), []string{"g"}},
		{"an added package", edit("c/c.go", "package c\n"), []string{"g"}},
		{"a removed file", func(t *testing.T) {
			if err := os.Remove(filepath.Join(root, "c", "c.go")); err != nil {
				t.Fatal(err)
			}
		}, []string{"g"}},
		{"go.mod", edit("go.mod", "module scratch\n\ngo 1.26\n\n// edited\n"), nil},
		{"an added go.sum", edit("go.sum", ""), nil},
		{"GOFLAGS", func(*testing.T) { goflags = "-modcacherw" }, nil},
		{"nothing changed again", nil, []string{"a", "g"}},
		{"a results file", edit("results/raw.txt", "BenchmarkX 1 1 ns/op\n"), []string{"a", "g"}},
		{"a git write", func(t *testing.T) {
			edit(".git/index.lock", "")(t)
			if err := os.Rename(filepath.Join(root, ".git", "index.lock"), filepath.Join(root, ".git", "index")); err != nil {
				t.Fatal(err)
			}
		}, []string{"a", "g"}},
	}
	for _, s := range steps {
		if s.change != nil {
			s.change(t)
		}
		cmd := exec.Command("go", "test", "./a", "./g")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOFLAGS="+goflags)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: go test: %v\n%s", s.name, err, out)
		}
		var cached []string
		for _, line := range strings.Split(string(out), "\n") {
			if f := strings.Fields(line); len(f) == 3 && f[2] == "(cached)" {
				cached = append(cached, strings.TrimPrefix(f[1], "scratch/"))
			}
		}
		if !slices.Equal(cached, s.cached) {
			t.Errorf("%s: cached %q, want %q:\n%s", s.name, cached, s.cached, out)
		}
	}
}
