package main

import (
	"bufio"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// TestInterrupt checks Ctrl-C: SIGINT to the whole process group, while
// the benchmark is built and while it runs, stops the command, which says
// so on one line, exits 130, writes nothing and removes its module. It
// runs in parallel with TestRun.
func TestInterrupt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		after string         // the line of stderr the signal follows
		want  *regexp.Regexp // the last line of stderr
	}{
		{"building the benchmark of ", regexp.MustCompile(`^bench-doc: interrupted( in round 1)?; nothing written$`)},
		// The gate's line comes just before round 1 starts, so the signal may
		// land before or inside it.
		{"correctness gate: ", regexp.MustCompile(`^bench-doc: interrupted( in round 1)?; nothing written$`)},
	}
	for _, tt := range tests {
		results := t.TempDir()
		cmd := exec.Command(os.Args[0], "-doc", "testdata/product.json", "-fields", "id,items[].sku",
			"-rounds", "1", "-slice", "1s", "-results", results)
		cmd.Env = append(os.Environ(), roleEnv+"=command")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var lines []string
		module := ""
		s := bufio.NewScanner(stderr)
		for s.Scan() {
			lines = append(lines, s.Text())
			if m := regexp.MustCompile(`benchmark of .* in (\S+)…`).FindStringSubmatch(s.Text()); m != nil {
				module = m[1]
			}
			if strings.HasPrefix(s.Text(), tt.after) {
				if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
					t.Fatal(err)
				}
			}
		}
		cmd.Wait()
		if len(lines) == 0 {
			t.Fatalf("signal after %q: the command wrote nothing to stderr", tt.after)
		}
		last := lines[len(lines)-1]
		if code := cmd.ProcessState.ExitCode(); code != 130 || !tt.want.MatchString(last) {
			t.Errorf("signal after %q: exit code %d, last line %q; want 130 and %s\nstderr: %q", tt.after, code, last, tt.want, lines)
		}
		if entries, _ := os.ReadDir(results); len(entries) != 0 {
			t.Errorf("signal after %q: an interrupted run wrote %v", tt.after, entries)
		}
		if _, err := os.Stat(module); module == "" || !os.IsNotExist(err) {
			t.Errorf("signal after %q: the module %q is still there: %v", tt.after, module, err)
		}
	}
}
