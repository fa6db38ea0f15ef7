package runner

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost"
)

// buildPrefix starts the name of a runner's build directory in the
// temporary directory: jsoncost-bench-<pid of the runner>-<random>.
const buildPrefix = "jsoncost-bench-"

// Build makes this runner's build directory, which the caller removes,
// and there compiles the benchmark binary, go test -c of the root package
// with the extra go test flags, unless bin names one.
func Build(ctx context.Context, bin string, stderr io.Writer, flags ...string) (path, dir string, err error) {
	if dir, err = buildDir(stderr); err != nil || bin != "" {
		return bin, dir, err
	}
	path = filepath.Join(dir, "jsoncost.test")
	pkg := reflect.TypeFor[jsoncost.Cell]().PkgPath()
	fmt.Fprintln(stderr, "building the benchmark binary…")
	cmd := exec.CommandContext(ctx, "go", slices.Concat([]string{"test", "-c"}, flags, []string{"-o", path, pkg})...)
	cmd.SysProcAttr = ChildAttr()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", dir, fmt.Errorf("building the benchmark binary (go test -c %s): %w\n%s", pkg, err, out)
	}
	return path, dir, nil
}

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
