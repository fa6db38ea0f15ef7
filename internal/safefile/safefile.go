// Package safefile holds the one function that writes the suite's files, raw
// files and pages alike, so that a reader sees the old content or the new and a
// failed write leaves nothing behind. Data flows through a hidden partial file
// beside the target (.<name>.partial), locked while its writer lives so that
// later writers remove only those of runs that are over: Write hands it to the
// caller, syncs it, renames it over the target and syncs the directory.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Write writes the file at path with permissions perm: write fills the partial
// file, renamed into place only when write succeeds. A path that exists is an
// error unless replace. First it removes the stale partial files in path's
// directory, which must exist, saying so on stderr.
func Write(path string, perm os.FileMode, replace bool, stderr io.Writer, write func(w io.Writer) error) (err error) {
	f, err := createPartial(path, perm, replace, stderr)
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
	return errors.Join(f.Close(), syncDir(filepath.Dir(path))) // f.Close unlocks it
}

// WriteFile writes data to path with permissions perm, replacing any file there.
// The directory must exist.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	err := Write(path, perm, true, io.Discard, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// createPartial removes the stale partial files in path's directory and creates
// and locks path's, under a lock on the directory, so that no writer removes a
// partial file another has created but not yet locked.
func createPartial(path string, perm os.FileMode, replace bool, stderr io.Writer) (*os.File, error) {
	dir := filepath.Dir(path)
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
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, err // it exists: another run is writing path
	}
	if err := lock(f, true); err != nil {
		return nil, errors.Join(fmt.Errorf("locking %s: %w", partial, err), f.Close(), os.Remove(partial))
	}
	if err := f.Chmod(perm); err != nil { // whatever the umask
		return nil, errors.Join(err, f.Close(), os.Remove(partial))
	}
	return f, nil
}

// removeStale removes the partial files in dir that no live writer holds.
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

// syncDir makes a rename in dir durable. A file system that cannot sync a
// directory reports EINVAL, no failure of the write.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	if err = d.Sync(); errors.Is(err, os.ErrInvalid) {
		err = nil
	}
	return errors.Join(err, d.Close())
}
