//go:build !linux

package main

import (
	"errors"
	"os"
	"syscall"
)

// Elsewhere than Linux the runner does not follow its parent, cannot tell a
// live run's files from a dead one's and so removes none, and records no
// affinity.

func dieWithParent() error { return nil }

func childAttr() *syscall.SysProcAttr { return nil }

func alive(int) bool { return true }

func lock(_ *os.File, wait bool) error {
	if wait {
		return nil
	}
	return errors.ErrUnsupported
}

func affinity() (string, bool) { return "", false }
