package runner

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// WriteRaw writes the raw file at path: write writes it to a hidden
// partial file beside path, locked for as long as the run lives so that a
// later run can tell it from the partial file of a run that is over, and
// the file is synced and renamed into place only when write succeeds. When
// write or anything else fails, the partial file is removed and path is
// left alone. A path that exists is an error (two runs of one kind in the
// same second) unless replace. Before it starts, WriteRaw removes the
// partial files in path's directory that no live run holds, saying so on
// stderr.
func WriteRaw(path string, replace bool, stderr io.Writer, write func(w io.Writer) error) (err error) {
	f, err := createPartial(path, replace, stderr)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := write(f); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", f.Name(), err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	return f.Close() // unlocks it
}

// createPartial removes the stale partial files in path's directory and
// creates and locks the partial file of path. Both happen under a lock on
// the directory, so that no run removes a partial file another has created
// but not yet locked.
func createPartial(path string, replace bool, stderr io.Writer) (*os.File, error) {
	dir := filepath.Dir(path)
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
	if _, err := os.Stat(path); err == nil && !replace {
		return nil, fmt.Errorf("%s exists: another run of the same kind started in the same second", path)
	}
	partial := filepath.Join(dir, "."+filepath.Base(path)+rawfmt.PartialSuffix)
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err // it exists: another run is writing path
	}
	if err := lock(f, true); err != nil {
		return nil, errors.Join(fmt.Errorf("locking %s: %w", partial, err), f.Close(), os.Remove(partial))
	}
	return f, nil
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
