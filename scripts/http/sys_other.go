//go:build !linux

package main

import "syscall"

// dieWithParent is not available here: stopping go run stops the command
// only by a signal to its process group (Ctrl-C).
func dieWithParent(syscall.Signal) error { return nil }

// childAttr asks nothing more of a server process here.
func childAttr() *syscall.SysProcAttr { return nil }

// cpuName is not known here.
func cpuName() string { return "" }
