package runner

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/jsoncost/jsoncost/internal/gittest"
	"github.com/jsoncost/jsoncost/internal/runinfo"
)

// childEnv makes the test binary, run again, be a command that calls Main.
const childEnv = "JSONCOST_RUNNER_MAIN_CHILD"

// TestMainReadsCommitFirst: Main reads the commit before the run starts, so
// a run during which the tree changes records the commit it started from.
func TestMainReadsCommitFirst(t *testing.T) {
	if os.Getenv(childEnv) == "1" {
		Main("child", nil, syscall.SIGTERM, func(context.Context) error {
			if err := os.WriteFile("edited.go", []byte("package edited\n"), 0o644); err != nil {
				return err
			}
			fmt.Println(runinfo.Commit())
			return nil
		})
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	head := gittest.Commit(t, dir)
	cmd := exec.Command(os.Args[0], "-test.run=^TestMainReadsCommitFirst$")
	cmd.Dir, cmd.Env, cmd.Stderr = dir, append(os.Environ(), childEnv+"=1"), os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the command: %v\n%s", err, out)
	}
	if got, want := strings.TrimSpace(string(out)), head; got != want {
		t.Errorf("a run that edits the tree records commit %q, want %q, the one it started from", got, want)
	}
}
