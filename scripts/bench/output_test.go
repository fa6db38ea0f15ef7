package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestCreateRawRemovesStalePartials: creating a raw file removes the
// partial files no live run holds, says so, and keeps everything else.
func TestCreateRawRemovesStalePartials(t *testing.T) {
	dir := t.TempDir()
	old := rawfmt.NewRawName(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), rawfmt.KindFull)
	stale := filepath.Join(dir, old.Partial())
	live := filepath.Join(dir, rawfmt.NewRawName(old.Stamp, rawfmt.KindQuick).Partial())
	keep := []string{live, filepath.Join(dir, old.String()), filepath.Join(dir, ".keep")}
	for _, f := range append(keep, stale) {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	holder, err := os.Open(live) // a run in progress
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if err := lock(holder, false); err != nil {
		t.Fatal(err)
	}

	var stderr bytes.Buffer
	name := rawfmt.NewRawName(time.Now(), rawfmt.KindCustom)
	f, err := createRaw(dir, name, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale partial file %s kept", stale)
	}
	if !strings.Contains(stderr.String(), "removed "+stale) {
		t.Errorf("stderr %q does not say it removed %s", &stderr, stale)
	}
	for _, k := range keep {
		if _, err := os.Stat(k); err != nil {
			t.Errorf("%s removed", k)
		}
	}

	// The new partial file is held: another run keeps it, and it cannot be
	// created twice.
	if _, err := createRaw(dir, rawfmt.NewRawName(time.Now(), rawfmt.KindQuick), &stderr); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f.Name()); err != nil {
		t.Errorf("a live run's partial file was removed: %v", err)
	}
	if _, err := createRaw(dir, name, &stderr); err == nil {
		t.Errorf("created %s twice", f.Name())
	}
	if err := f.commit(); err != nil {
		t.Fatal(err)
	}
	if _, err := createRaw(dir, name, &stderr); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("createRaw over the finished %s = %v, want an error", f.final, err)
	}
}

// TestBuildDirRemovesStale: a runner removes the build directories of
// runners that are gone, and only those.
func TestBuildDirRemovesStale(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := exec.Command(testBinary(), "-test.run=^$")
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
