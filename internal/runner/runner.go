// Package runner holds what every command that measures does the same way:
// it builds the benchmark binary (go test -c), drives it over a selection
// for one round at a time, writes the raw file, prints progress, and stops
// on a signal or with the process that started it.
//
// Data flows one way. Main gives a command a context that SIGINT and
// SIGTERM cancel. Compile builds the binary into a BuildDir of its own,
// and a started Binary serves the command's Meter (Server, package wire).
// WriteRawFile (or WriteRaw, package safefile) hands the command the raw
// file's partial file, where it writes the header and then, through
// Rounds, each round's result lines, and renames it into place only when
// every round completed. A run that fails or is interrupted leaves no
// file; the partial files and build directories of runs killed outright
// are removed by the next run.
package runner

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

// A Meter measures one round's cells, writing their result lines to out and
// counting each in p: time (Binary.Round), instruction counts, HTTP load.
type Meter interface {
	Round(ctx context.Context, round int, out io.Writer, p *Progress) error
}

// Rounds runs m for rounds rounds of cells cells each, writing result lines to
// out and progress to stderr. The error names the round that failed or stopped.
func Rounds(ctx context.Context, m Meter, rounds, cells int, out, stderr io.Writer) error {
	p := NewProgress(stderr, rounds, cells)
	for r := 1; r <= rounds; r++ {
		err := m.Round(ctx, r, out, p)
		switch {
		case ctx.Err() != nil:
			return fmt.Errorf("%w in round %d; nothing written", ErrInterrupted, r)
		case err != nil:
			return fmt.Errorf("round %d: %w; nothing written", r, err)
		}
	}
	p.Done()
	return nil
}

// WriteRaw writes the raw file at path with safefile.Write, making its
// directory, and says so.
func WriteRaw(path string, replace bool, stderr io.Writer, write func(w io.Writer) error) error {
	err := os.MkdirAll(filepath.Dir(path), 0o755)
	if err == nil {
		err = safefile.Write(path, 0o644, replace, stderr, write)
	}
	if err == nil {
		fmt.Fprintf(stderr, "wrote %s\n", path)
	}
	return err
}

// WriteRawFile writes this machine's raw file of kind,
// results/<machine-id>/raw/<UTC timestamp>[-kind].txt, through write
// (given the machine id) as WriteRaw does, and returns its path.
func WriteRawFile(results, kind string, stderr io.Writer, write func(w io.Writer, machine string) error) (path string, err error) {
	id := runinfo.MachineID()
	path = filepath.Join(results, id, "raw", rawfmt.NewRawName(time.Now(), kind).String())
	return path, WriteRaw(path, false, stderr, func(w io.Writer) error { return write(w, id) })
}

// ErrInterrupted starts the error of a run that a signal stopped.
var ErrInterrupted = errors.New("interrupted")

// Main runs the command name: it exits 0 for -h, 2 for a bad command line
// (parseErr), else runs run with a context SIGINT and SIGTERM cancel, exiting
// 0, 130 when a signal stopped it or 1, with one line on failure. The kernel
// sends parentDeath to the command when its parent dies. The commit a raw
// file records is read before run starts.
func Main(name string, parseErr error, parentDeath syscall.Signal, run func(ctx context.Context) error) {
	switch {
	case errors.Is(parseErr, flag.ErrHelp):
		os.Exit(0)
	case parseErr != nil:
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, parseErr)
		os.Exit(2)
	}
	// Before anything else, so that no signal finds the command without its handler.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	runinfo.Commit() // the tree the run builds from, whatever becomes of it while the run lasts
	err := dieWithParent(parentDeath)
	if err == nil {
		err = run(ctx)
	}
	code := exit(os.Stderr, name, ctx, err)
	stop() // which cancels ctx
	os.Exit(code)
}

// Command returns the command of a child process the runner ends alone:
// it runs in a process group of its own (ChildAttr), out of reach of the
// signals that stop the runner, and when ctx is done its whole group is
// killed, a go command's compilers with it. So a child never dies of the
// runner's SIGINT before the runner knows it was interrupted.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.SysProcAttr = ChildAttr()
	cmd.Cancel = func() error { return killGroup(cmd.Process) }
	return cmd
}

// exit prints how a run ended with err and returns its exit status.
func exit(w io.Writer, name string, ctx context.Context, err error) int {
	switch {
	case err == nil:
		return 0
	case ctx.Err() != nil && !errors.Is(err, ErrInterrupted):
		err = fmt.Errorf("%w; nothing written", ErrInterrupted)
	}
	fmt.Fprintf(w, "%s: %v\n", name, err)
	if ctx.Err() != nil {
		return 130
	}
	return 1
}

const buildPrefix = "jsoncost-bench-" // then <pid of the runner>-<random>

// Package is the import path of the benchmark package, whose test binary serves the runner.
const Package = "github.com/jsoncost/jsoncost"

// Compile writes the benchmark binary to path: go test -c of pkg with the extra flags and with env
// added to the go command's environment (such as GOTOOLCHAIN and GOEXPERIMENT).
func Compile(ctx context.Context, path, pkg string, env []string, flags ...string) error {
	cmd := Command(ctx, "go", slices.Concat([]string{"test", "-c"}, flags, []string{"-o", path, pkg})...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the benchmark binary (go test -c %s %s): %w\n%s", strings.Join(env, " "), pkg, err, out)
	}
	return nil
}

// BuildDir makes this runner's build directory, which the caller removes,
// removing those of runners that are gone.
func BuildDir(stderr io.Writer) (string, error) {
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

// Rand is the random source of one decision of a run, seeded by the run's
// seed and named by key: every shuffle of a run draws from one, so a run
// replays from its seed.
func Rand(seed uint64, key ...any) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintln(h, key...)
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// Shuffle permutes list with Rand(seed, key...).
func Shuffle[T any](list []T, seed uint64, key ...any) {
	Rand(seed, key...).Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
}

// Layouts runs build for each of n link layouts: the first alone, which
// fills the build cache, the others, which only link, two at a time.
func Layouts(n int, build func(i int) error) error {
	if n == 0 {
		return nil
	}
	if err := build(0); err != nil {
		return err
	}
	var g errgroup.Group
	g.SetLimit(2)
	for i := 1; i < n; i++ {
		g.Go(func() error { return build(i) })
	}
	return g.Wait()
}

// LayoutSeeds draws the -randlayout seed of each of n binaries from the run's seed.
func LayoutSeeds(seed uint64, n int) []int64 {
	r := Rand(seed, "layout seeds")
	seeds := make([]int64, n)
	for i := range seeds {
		seeds[i] = 1 + r.Int64N(1<<31-1)
	}
	return seeds
}

// Locked returns a writer that serializes writes to w: a runner writes its
// progress to stderr while the binaries' stderr is copied there too.
func Locked(w io.Writer) io.Writer {
	if _, ok := w.(*os.File); ok {
		return w // the kernel serializes writes to a file
	}
	return &lockedWriter{w: w}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
