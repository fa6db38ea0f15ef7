//go:build !linux

package runner

import "syscall"

// Elsewhere than Linux the runner does not follow its parent and cannot tell a
// live run's build directories from a dead one's, and so removes none.

func dieWithParent(syscall.Signal) error { return nil }

// ChildAttr asks nothing more of a child process here.
func ChildAttr() *syscall.SysProcAttr { return nil }

func alive(int) bool { return true }
