package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A rawFile is a raw file being written: under its partial name beside its
// final one, so that the rename into place is atomic, and locked for as
// long as its run lives, so that a later run can tell it from the partial
// file of a run that is over.
type rawFile struct {
	*os.File
	final string
}

// createRaw removes the stale partial files in dir and creates the partial
// file of name there. Both happen under a lock on dir, so that no run
// removes a partial file another has created but not yet locked.
func createRaw(dir string, name rawfmt.RawName, stderr io.Writer) (*rawFile, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close() // unlocks dir
	if err := lock(d, true); err != nil {
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	removeStale(dir, stderr)
	final := filepath.Join(dir, name.String())
	if _, err := os.Stat(final); err == nil {
		return nil, fmt.Errorf("%s exists: another run of the same kind started in the same second", final)
	}
	f, err := os.OpenFile(filepath.Join(dir, name.Partial()), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err // it exists: another run of the same kind started in the same second
	}
	if err := lock(f, true); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("locking %s: %w", f.Name(), err)
	}
	return &rawFile{File: f, final: final}, nil
}

// commit renames the file into place, then closes it.
func (r *rawFile) commit() error {
	if err := os.Rename(r.Name(), r.final); err != nil {
		return err
	}
	return r.Close()
}

// removeStale removes the partial files in dir that no live run holds.
func removeStale(dir string, stderr io.Writer) {
	entries, _ := os.ReadDir(dir) // nothing to clean when it cannot be read
	for _, e := range entries {
		if !rawfmt.IsPartial(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		if lock(f, false) == nil {
			if err := os.Remove(path); err != nil {
				fmt.Fprintf(stderr, "cannot remove %s, left by a run that is over: %v\n", path, err)
			} else {
				fmt.Fprintf(stderr, "removed %s, left by a run that is over\n", path)
			}
		}
		f.Close()
	}
}
