//go:build !linux

package runner

import (
	"os"
	"syscall"
)

// Elsewhere than Linux the runner does not follow its parent and cannot tell a
// live run's build directories from a dead one's, and so removes none.

func dieWithParent(syscall.Signal) error { return nil }

// ChildAttr asks nothing more of a child process here.
func ChildAttr() *syscall.SysProcAttr { return nil }

// killGroup kills p, which leads no group of its own here.
func killGroup(p *os.Process) error { return p.Kill() }

func alive(int) bool { return true }
