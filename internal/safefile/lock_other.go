//go:build !linux

package safefile

import (
	"errors"
	"os"
)

// Elsewhere than Linux a writer cannot tell a live run's partial files from
// a dead one's, and so removes none.
func lock(_ *os.File, wait bool) error {
	if wait {
		return nil
	}
	return errors.ErrUnsupported
}
