// Package safefile writes files atomically: a reader of the path sees the
// old content or the new, never part of either, and a failed write leaves
// neither a half-written file nor a temporary one behind.
//
// Data flows through a temporary file in the target's directory: WriteFile
// writes and syncs it, gives it its permissions, renames it over the target
// (atomic within one file system) and syncs the directory so the rename
// survives a crash.
package safefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes data to path with permissions perm, replacing any file
// there atomically. The directory must exist.
func WriteFile(path string, data []byte, perm os.FileMode) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			err = fmt.Errorf("writing %s: %w", path, err)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable. File systems that cannot sync a
// directory report EINVAL, which is no failure of the write.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if errors.Is(err, os.ErrInvalid) {
		err = nil
	}
	return errors.Join(err, d.Close())
}
