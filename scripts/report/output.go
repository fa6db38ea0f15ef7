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
)

// managed are the entries of a machine directory the report owns; raw/ is never touched.
var managed = []string{"README.md", "model.csv", "tables", "charts"}

// writeTree replaces the report files of a machine directory with files (paths relative to dir,
// each under one of the managed entries). Everything is written to a staging directory inside dir
// first; then each managed entry is swapped in by rename, and entries the new report no longer
// has are removed. A failure before the swap leaves the previous report untouched.
func writeTree(dir string, files map[string][]byte) error {
	stage, err := os.MkdirTemp(dir, ".report-")
	if err != nil {
		return fmt.Errorf("staging report: %w", err)
	}
	defer os.RemoveAll(stage)

	for _, p := range slices.Sorted(maps.Keys(files)) {
		top, _, _ := strings.Cut(p, "/")
		if !slices.Contains(managed, top) {
			return fmt.Errorf("staging report: %s is outside the report's entries", p)
		}
		full := filepath.Join(stage, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return fmt.Errorf("staging report: %w", err)
		}
		if err := os.WriteFile(full, files[p], 0o644); err != nil {
			return fmt.Errorf("staging report: %w", err)
		}
	}
	old := filepath.Join(stage, ".old")
	if err := os.Mkdir(old, 0o755); err != nil {
		return fmt.Errorf("staging report: %w", err)
	}
	for _, name := range managed {
		dst := filepath.Join(dir, name)
		if err := os.Rename(dst, filepath.Join(old, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("replacing %s: %w", dst, err)
		}
		src := filepath.Join(stage, name)
		if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := os.Rename(src, dst); err != nil {
			return fmt.Errorf("replacing %s: %w", dst, err)
		}
	}
	return nil
}

// writeFileAtomic writes dir/name through a temporary file renamed into place.
func writeFileAtomic(dir, name string, data []byte) error {
	f, err := os.CreateTemp(dir, "."+name+"-")
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := os.Rename(f.Name(), filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}
