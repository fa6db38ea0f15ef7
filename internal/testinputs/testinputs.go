// Package testinputs makes go test's result cache see what a test builds in a
// child go process. go test reuses a passing result while the test binary and
// the inputs the test process logged (environment variables read, paths
// stat'ed, directories opened) are unchanged; what a child go command compiles
// and the environment that steers it are outside that log, so an edit to them
// alone leaves a stale "(cached)" pass. Track and TrackGo put them in the log.
package testinputs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// buildEnv steers what a child go command builds; go test always counts GODEBUG.
var buildEnv = []string{
	"PATH", "GOROOT", "GOTOOLCHAIN", "GOENV", "GOFLAGS", "GOEXPERIMENT",
	"GOOS", "GOARCH", "GOAMD64", "GOARM64", "GOFIPS140",
	"CGO_ENABLED", "CC", "CXX", "CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_LDFLAGS",
	"GOWORK", "GOPATH", "GOMODCACHE", "GOCACHE",
	"GOPROXY", "GOSUMDB", "GONOSUMDB", "GONOPROXY", "GOPRIVATE", "GOINSECURE",
}

// The module root's entries are read before go test starts its log: were the
// root opened, .git, whose mtime changes whenever git writes its index, would be an input.
var root, rootEntries, rootErr = func() (string, []fs.DirEntry, error) {
	dir, err := os.Getwd()
	if err == nil {
		dir, err = moduleRoot(dir)
	}
	if err != nil {
		return "", nil, err
	}
	entries, err := os.ReadDir(dir)
	return dir, entries, err
}()

// TrackGo records, as inputs of the running test, what every go command reads:
// the environment and go env file that steer it, go.work, go.mod and go.sum,
// for a test whose child go command builds none of the module's code. Call it
// from a test, not TestMain: go test logs inputs only while tests run.
func TrackGo(tb testing.TB) {
	tb.Helper()
	if rootErr != nil {
		tb.Fatalf("testinputs: %v", rootErr)
	}
	for _, name := range buildEnv {
		os.Getenv(name)
	}
	if env := os.Getenv("GOENV"); env != "" { // the file go env -w writes
		os.Stat(env)
	} else if dir, err := os.UserConfigDir(); err == nil {
		os.Stat(filepath.Join(dir, "go", "env"))
	}
	os.Stat(filepath.Join(root, "go.mod"))
	os.Stat(filepath.Join(root, "go.sum"))
	for dir := root; ; dir = filepath.Dir(dir) {
		os.Stat(filepath.Join(dir, "go.work"))
		if filepath.Dir(dir) == dir {
			break
		}
	}
}

// Track records what TrackGo does and every module file the go command may
// read, for a test whose child go command builds the module's code.
func Track(tb testing.TB) {
	tb.Helper()
	TrackGo(tb)
	if _, err := track(root, rootEntries); err != nil {
		tb.Fatalf("testinputs: %v", err)
	}
}

// moduleRoot returns the nearest directory at or above dir with a go.mod.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		} else if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod in %s or above", dir)
		}
	}
}

// track stats root (whose mtime changes when an entry comes or goes) and its
// files, and opens and returns every directory below it the go command may read.
func track(root string, entries []fs.DirEntry) (opened []string, err error) {
	os.Stat(root)
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		if !e.IsDir() {
			os.Stat(path)
			continue
		} else if e.Name() == "results" || ignored(path) { // committed measurements, which no build reads
			continue
		}
		err := filepath.WalkDir(path, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			} else if ignored(path) {
				return filepath.SkipDir
			}
			opened = append(opened, path) // WalkDir opens it next
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("listing the module's directories: %w", err)
		}
	}
	return opened, nil
}

// ignored reports whether the go command skips dir: named .* or _*, or another module.
func ignored(dir string) bool {
	if name := filepath.Base(dir); strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return true
	}
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return !errors.Is(err, fs.ErrNotExist)
}
