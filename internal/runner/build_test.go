package runner

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBuildDirRemovesStale: a runner removes the build directories of
// runners that are gone, and only those.
func TestBuildDirRemovesStale(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := exec.Command(os.Args[0], "-test.run=^$")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	dead := strconv.Itoa(gone.ProcessState.Pid())
	stale := filepath.Join(tmp, buildPrefix+dead+"-1")
	keep := []string{
		filepath.Join(tmp, buildPrefix+strconv.Itoa(os.Getppid())+"-1"), // a live runner
		filepath.Join(tmp, buildPrefix+"12345678"),                      // no pid
		filepath.Join(tmp, "other-"+dead+"-1"),
	}
	for _, d := range append(keep, stale) {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var stderr bytes.Buffer
	dir, err := buildDir(&stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(filepath.Base(dir), buildPrefix+strconv.Itoa(os.Getpid())+"-") || filepath.Dir(dir) != tmp {
		t.Errorf("build directory %s is not named after the runner's pid in %s", dir, tmp)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale build directory %s kept", stale)
	}
	if !strings.Contains(stderr.String(), "removed "+stale) {
		t.Errorf("stderr %q does not say it removed %s", &stderr, stale)
	}
	for _, k := range keep {
		if _, err := os.Stat(k); err != nil {
			t.Errorf("%s removed", k)
		}
	}
}
