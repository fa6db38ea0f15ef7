package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// dieWithParent asks the kernel to send sig when the process that started
// this one (go run, make) dies, and fails if it already has.
func dieWithParent(sig syscall.Signal) error {
	parent := os.Getppid()
	if err := unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(sig), 0, 0, 0); err != nil {
		return fmt.Errorf("asking to stop with the parent process: %w", err)
	}
	if os.Getppid() != parent {
		return errors.New("the parent process is gone")
	}
	return nil
}

// childAttr makes a server process die with this one, however it dies.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// cpuName is the CPU model as go test records it in its cpu line on Linux:
// the "model name" of /proc/cpuinfo.
func cpuName() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		key, value, ok := strings.Cut(s.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return ""
}
