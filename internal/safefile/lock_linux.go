package safefile

import (
	"os"

	"golang.org/x/sys/unix"
)

// lock takes an exclusive flock on f, dropped when f is closed or its process
// dies. Without wait it fails when another open file holds the lock.
func lock(f *os.File, wait bool) error {
	how := unix.LOCK_EX
	if !wait {
		how |= unix.LOCK_NB
	}
	return unix.Flock(int(f.Fd()), how)
}
