package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// committed is the fixtures directory, from gen.
const committed = "../" + fixturesDir

// TestCommittedFilesAreCurrent regenerates every file but easyjson's into a
// temporary directory and compares it with the committed one: running
// go run ./gen must change nothing.
func TestCommittedFilesAreCurrent(t *testing.T) {
	t.Run("synthetic", func(t *testing.T) {
		files, err := syntheticFiles(synthetic())
		if err != nil {
			t.Fatal(err)
		}
		compareWithCommitted(t, files)
		docs, err := filepath.Glob(filepath.Join(committed, "data", "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range docs {
			rel, _ := filepath.Rel(committed, doc)
			if _, ok := files[rel]; !ok {
				t.Errorf("%s is committed but not generated; run make fixtures", filepath.Join(fixturesDir, rel))
			}
		}
	})
	t.Run("realworld", func(t *testing.T) {
		rw, err := realworld()
		if err != nil {
			t.Skipf("cannot check %s: %v", realworldFile, err)
		}
		src, err := goSource(rw, nil)
		if err != nil {
			t.Fatal(err)
		}
		compareWithCommitted(t, map[string][]byte{realworldFile: src})
	})
}

func compareWithCommitted(t *testing.T, files map[string][]byte) {
	t.Helper()
	dir := t.TempDir()
	if err := writeFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	for path := range files {
		got, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(committed, path))
		if err != nil {
			t.Errorf("%v; run make fixtures", err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what go run ./gen writes; run make fixtures", filepath.Join(fixturesDir, path))
		}
	}
}
