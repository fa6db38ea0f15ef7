package runner

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// dieWithParent has the kernel send sig to this process when its parent
// dies (go run killed alone, say), and fails if it already has.
func dieWithParent(sig syscall.Signal) error {
	parent := os.Getppid()
	if err := unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(sig), 0, 0, 0); err != nil {
		return fmt.Errorf("asking to die with the parent process: %w", err)
	}
	if os.Getppid() != parent {
		return errors.New("the parent process is gone")
	}
	return nil
}

// ChildAttr has the kernel kill a child process when the runner dies,
// however it dies.
func ChildAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

func alive(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}
