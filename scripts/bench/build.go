package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost"
)

// buildPrefix starts the name of a runner's build directory in the
// temporary directory: jsoncost-bench-<pid of the runner>-<random>.
const buildPrefix = "jsoncost-bench-"

// buildDir removes the build directories of runners that are gone, then
// makes this runner's.
func buildDir(stderr io.Writer) (string, error) {
	tmp := os.TempDir()
	entries, _ := os.ReadDir(tmp) // nothing to clean when it cannot be read
	for _, e := range entries {
		rest, ours := strings.CutPrefix(e.Name(), buildPrefix)
		pidText, _, named := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ours || !named || !e.IsDir() || err != nil || alive(pid) {
			continue
		}
		dir := filepath.Join(tmp, e.Name())
		if err := os.RemoveAll(dir); err != nil {
			fmt.Fprintf(stderr, "cannot remove %s, left by a runner that is gone: %v\n", dir, err)
			continue
		}
		fmt.Fprintf(stderr, "removed %s, left by a runner that is gone\n", dir)
	}
	dir, err := os.MkdirTemp(tmp, buildPrefix+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return "", fmt.Errorf("making the build directory: %w", err)
	}
	return dir, nil
}

// build compiles the benchmark binary, go test -c of the root package,
// into dir.
func build(ctx context.Context, dir string, stderr io.Writer) (string, error) {
	bin := filepath.Join(dir, "jsoncost.test")
	pkg := reflect.TypeFor[jsoncost.Cell]().PkgPath()
	fmt.Fprintln(stderr, "building the benchmark binary…")
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-o", bin, pkg)
	cmd.SysProcAttr = childAttr()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the benchmark binary (go test -c %s): %w\n%s", pkg, err, out)
	}
	return bin, nil
}
