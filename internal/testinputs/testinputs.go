// Package testinputs makes go test's result cache see what a test builds
// in a child go process.
//
// go test reuses a passing result while the test binary and the inputs the
// test process logged are unchanged: each environment variable it read
// with os.Getenv, each path it passed to os.Stat, and each directory it
// opened (its entries' names, sizes and modification times). What a child
// go command compiles (the program behind go run, the _test.go files behind
// go test -c, go.mod) and the environment that steers it are outside that
// log, so an edit to them alone leaves a stale "(cached)" pass. Track and
// TrackGo put them in the log.
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

// buildEnv are the environment variables that change what a child go
// command builds or which go command runs. GODEBUG is missing: go test
// always counts it.
var buildEnv = []string{
	"PATH", "GOROOT", "GOTOOLCHAIN", "GOENV", "GOFLAGS", "GOEXPERIMENT",
	"GOOS", "GOARCH", "GOAMD64", "GOARM64", "GOFIPS140",
	"CGO_ENABLED", "CC", "CXX", "CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_LDFLAGS",
	"GOWORK", "GOPATH", "GOMODCACHE", "GOCACHE",
	"GOPROXY", "GOSUMDB", "GONOSUMDB", "GONOPROXY", "GOPRIVATE", "GOINSECURE",
}

// The root of the module that holds the working directory, and its
// entries, are found at package initialization, before go test starts its
// log: opening the root would make every entry an input, .git among them,
// whose modification time changes whenever git writes its index.
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

// TrackGo records, as inputs of the running test, what every go command
// reads: the environment variables and the go env file that steer it,
// go.work wherever it would look for one, and the go.mod and go.sum of the
// module that holds the working directory. It suits a test whose child go
// command builds no code of the module (a tool go.mod names, a scratch
// module). Call it from a test, not from TestMain: go test logs inputs
// only while tests run.
func TrackGo(tb testing.TB) {
	tb.Helper()
	if err := trackGo(); err != nil {
		tb.Fatalf("testinputs: %v", err)
	}
}

// Track records what TrackGo does and the files of the module, so that
// adding, removing or editing any file the go command may read reruns the
// test. It suits a test whose child go command builds the module's code
// (go run of a command, go test -c, a module that replaces this one with
// its directory).
func Track(tb testing.TB) {
	tb.Helper()
	err := trackGo()
	if err == nil {
		_, err = track(root, rootEntries)
	}
	if err != nil {
		tb.Fatalf("testinputs: %v", err)
	}
}

func trackGo() error {
	if rootErr != nil {
		return rootErr
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
			return nil
		}
	}
}

// moduleRoot returns the nearest directory at or above dir that holds a
// go.mod file.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod in %s or above", dir)
		}
	}
}

// track records the module rooted at root, which holds entries: it stats
// the root, whose modification time changes when an entry is added or
// removed, and its files, and opens, and returns, every directory below it
// that the go command may read.
func track(root string, entries []fs.DirEntry) (opened []string, err error) {
	os.Stat(root)
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		switch {
		case !e.IsDir():
			os.Stat(path)
			continue
		case e.Name() == "results" || ignored(path): // committed measurements, which no build reads
			continue
		}
		err := filepath.WalkDir(path, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil || !d.IsDir():
				return err
			case ignored(path):
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

// ignored reports whether the go command ignores directory dir when it
// builds the module: its name starts with "." or "_", or it holds another
// module.
func ignored(dir string) bool {
	name := filepath.Base(dir)
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return true
	}
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return !errors.Is(err, fs.ErrNotExist)
}
