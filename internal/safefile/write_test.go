package safefile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestWriteRawRemovesStalePartials: writing a raw file removes the partial
// files no live run holds, says so, and keeps everything else; while it is
// written, its partial file is held, so that another run keeps it and
// cannot write the same path.
func TestWriteRawRemovesStalePartials(t *testing.T) {
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
	path := filepath.Join(dir, rawfmt.NewRawName(time.Now(), rawfmt.KindCustom).String())
	partial := filepath.Join(dir, "."+filepath.Base(path)+rawfmt.PartialSuffix)
	other := filepath.Join(dir, rawfmt.NewRawName(time.Now(), rawfmt.KindQuick).String())
	err = writeRaw(path, false, &stderr, func(w io.Writer) error {
		if _, err := os.Stat(stale); !os.IsNotExist(err) {
			t.Errorf("stale partial file %s kept", stale)
		}
		if err := writeRaw(other, false, &stderr, func(io.Writer) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(partial); err != nil {
			t.Errorf("a live run's partial file was removed: %v", err)
		}
		if err := writeRaw(path, false, &stderr, func(io.Writer) error { return nil }); err == nil {
			t.Errorf("wrote %s twice at once", path)
		}
		_, err := io.WriteString(w, "data")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "removed "+stale) {
		t.Errorf("stderr %q does not say it removed %s", &stderr, stale)
	}
	for _, k := range keep {
		if _, err := os.Stat(k); err != nil {
			t.Errorf("%s removed", k)
		}
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "data" {
		t.Errorf("%s holds %q, %v; want what was written", path, data, err)
	}
	if err := writeRaw(path, false, &stderr, func(io.Writer) error { return nil }); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("WriteRaw over the finished %s = %v, want an error", path, err)
	}
	if err := writeRaw(path, true, &stderr, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Errorf("WriteRaw replacing %s: %v", path, err)
	}
	if data, _ := os.ReadFile(path); string(data) != "new" {
		t.Errorf("%s holds %q after it was replaced, want %q", path, data, "new")
	}
}

// TestWriteRawFailureLeavesNothing: a write that fails leaves neither the
// file nor its partial file, and the error is the write's.
func TestWriteRawFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "raw.txt")
	boom := errors.New("boom")
	err := writeRaw(path, false, io.Discard, func(w io.Writer) error {
		io.WriteString(w, "part")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("WriteRaw = %v, want %v", err, boom)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("a failed write left %v", files)
	}
}

// writeRaw writes a raw file as the runner does.
func writeRaw(path string, replace bool, stderr io.Writer, write func(w io.Writer) error) error {
	return Write(path, 0o644, replace, stderr, write)
}
