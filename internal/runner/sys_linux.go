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
// however it dies, and starts the child in a process group of its own: a
// SIGINT from the terminal (or kill -INT -<pgid>) reaches the runner
// alone, which ends its children by cancelling their context. A child that
// shared the runner's group would die of the signal too, and the runner
// could see it die before its own handler had cancelled the run's context,
// and exit 1 instead of 130.
func ChildAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
}

// killGroup kills the process group p leads (see ChildAttr).
func killGroup(p *os.Process) error {
	if err := unix.Kill(-p.Pid, unix.SIGKILL); err != nil {
		if errors.Is(err, unix.ESRCH) {
			return os.ErrProcessDone
		}
		return err
	}
	return nil
}

func alive(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}
