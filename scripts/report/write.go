package main

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/safefile"
)

// managed are the entries of a machine directory the report owns; raw/ is
// never touched.
var managed = []string{"README.md", "model.csv", "tables", "charts", runsDir}

// writeTree makes the report files of a machine directory exactly files
// (slash paths relative to dir, each under one of the managed entries):
// every file is written atomically, then the files and directories of the
// managed entries that the report no longer has are removed.
func writeTree(dir string, files map[string][]byte) error {
	for _, p := range slices.Sorted(maps.Keys(files)) {
		top, _, _ := strings.Cut(p, "/")
		if !slices.Contains(managed, top) {
			return fmt.Errorf("writing report: %s is outside the report's entries", p)
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return fmt.Errorf("writing report: %w", err)
		}
		if err := safefile.WriteFile(full, files[p], 0o644); err != nil {
			return err
		}
	}
	for _, name := range managed {
		if err := prune(dir, name, files); err != nil {
			return fmt.Errorf("removing stale report files: %w", err)
		}
	}
	return nil
}

// prune removes from the entry name of dir every file not in files, and
// every directory left empty.
func prune(dir, name string, files map[string][]byte) error {
	root := filepath.Join(dir, name)
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == root {
			return fs.SkipAll
		}
		if err != nil {
			return err
		}
		if d.IsDir() {
			dirs = append(dirs, p)
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if _, ok := files[filepath.ToSlash(rel)]; !ok {
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Deepest first, so a parent is empty once its children are gone.
	for _, d := range slices.Backward(dirs) {
		if entries, err := os.ReadDir(d); err == nil && len(entries) == 0 {
			if err := os.Remove(d); err != nil {
				return err
			}
		}
	}
	return nil
}
