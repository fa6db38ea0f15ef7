package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

func TestCountCPUs(t *testing.T) {
	for list, want := range map[string]int{"0": 1, "0-1": 2, "0-3,6": 5, "1,3-5,7": 5} {
		if n, err := countCPUs(list); err != nil || n != want {
			t.Errorf("countCPUs(%q) = %d, %v; want %d", list, n, err, want)
		}
	}
	for _, bad := range []string{"", "a", "3-1", "0-", "0,,1"} {
		if n, err := countCPUs(bad); err == nil {
			t.Errorf("countCPUs(%q) = %d, want an error", bad, n)
		}
	}
}

// TestAffinityRecorded runs the runner pinned to CPU 0, then free to use
// every CPU: only the first records its affinity, and GOMAXPROCS follows.
func TestAffinityRecorded(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Skip("needs two CPUs to pin the runner to one")
	}
	var cpu0, all unix.CPUSet
	cpu0.Set(0)
	for cpu := range len(all) * 64 {
		all.Set(cpu)
	}
	config := pinned(t, cpu0)
	for key, want := range map[string]string{rawfmt.KeyAffinity: "0", rawfmt.KeyGOMAXPROCS: "1", rawfmt.KeyCores: "1"} {
		if config[key] != want {
			t.Errorf("pinned to CPU 0: %s: %q, want %q", key, config[key], want)
		}
	}
	if config := pinned(t, all); config[rawfmt.KeyAffinity] != "" {
		t.Errorf("free to use every CPU: %s: %q, want none", rawfmt.KeyAffinity, config[rawfmt.KeyAffinity])
	}
}

// pinned runs the runner with the given affinity and returns the
// configuration it records. It skips the test when the affinity cannot be
// had.
func pinned(t *testing.T, set unix.CPUSet) map[string]string {
	t.Helper()
	results := t.TempDir()
	o := tinyRun(results)
	done := make(chan error)
	go func() {
		// The runner inherits this thread's affinity. The thread is never
		// unlocked, so it ends with the goroutine, after the runner.
		runtime.LockOSThread()
		var got unix.CPUSet
		online, err := os.ReadFile("/sys/devices/system/cpu/online")
		if err == nil {
			err = unix.SchedSetaffinity(0, &set)
		}
		if err == nil {
			err = unix.SchedGetaffinity(0, &got)
		}
		if n, _ := countCPUs(strings.TrimSpace(string(online))); err != nil || got.Count() < min(set.Count(), n) {
			done <- errSkip
			return
		}
		cmd := exec.Command(testBinary(), "-bin", testBinary(), "-results", results, "-rounds", "1", "-benchtime", "1x",
			"-codecs", o.sel.Codecs, "-ops", o.sel.Ops, "-fixtures", o.sel.Fixtures)
		cmd.Env = append(os.Environ(), roleEnv+"=runner", fakeEnv+"=ok", dirEnv+"="+t.TempDir())
		if out, err := cmd.CombinedOutput(); err != nil {
			done <- fmt.Errorf("%v\n%s", err, out)
			return
		}
		done <- nil
	}()
	switch err := <-done; err {
	case nil:
	case errSkip:
		t.Skipf("cannot run on CPUs %v", set)
	default:
		t.Fatal(err)
	}
	return readRaw(t, results).config
}

var errSkip = errors.New("skip")
