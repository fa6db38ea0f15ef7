// Package loadtest writes raw benchmark text to a file named as the suite
// names its raw files and loads it, for the tests of the packages that read
// a run: text → file → load.Run.
package loadtest

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// Write writes text to dir as a raw file of the given kind (rawfmt.KindFull,
// rawfmt.KindInstr, …), made at a fixed time, and returns it for load.Load.
func Write(t testing.TB, dir, kind, text string) load.Raw {
	t.Helper()
	name := rawfmt.NewRawName(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), kind)
	r := load.Raw{Path: filepath.Join(dir, name.String()), File: name.String(), Name: name}
	if err := os.WriteFile(r.Path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return r
}

// Load writes text as Write does, to a directory of its own, and loads it.
func Load(t testing.TB, kind, text string) *load.Run {
	t.Helper()
	r, err := load.Load(Write(t, t.TempDir(), kind, text))
	if err != nil {
		t.Fatal(err)
	}
	return r
}
