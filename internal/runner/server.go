package runner

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// A Binary is a compiled benchmark binary (go test -c) and how to start it.
type Binary struct {
	Path   string
	Under  []string  // a program and its flags that run the binary, such as valgrind; nil runs it directly
	Env    []string  // added to the environment of every run
	Stderr io.Writer // its stderr
}

// A Server is a running benchmark binary answering requests (package
// internal/wire). A binary that dies while it answers is an error naming
// the request's cell and the runtime's first line about the crash.
type Server struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	crash *crashWatch
	done  bool

	// The process CPU time of the collection before each slice, and the live heap it left.
	GCNs []int64
	Live []uint64
}

// ServeEnv is the environment every binary serves in unless b.Env says
// otherwise. GOMAXPROCS=1: a slice is one goroutine's work, and a second P
// wakes a second thread at every collection, which slows the slice after
// it. GODEBUG=madvdontneed=1 off: memory the runtime returns to the kernel
// between slices is freed lazily, so a slice that allocates it again does
// not take a page fault for every page.
var ServeEnv = []string{"GOMAXPROCS=1", "GODEBUG=madvdontneed=0"}

// Start starts b serving, in ServeEnv and then b.Env.
func (b Binary) Start(ctx context.Context) (*Server, error) { return b.start(ctx, wire.ServeFlag) }

// Neighbour starts b as a busy neighbour (jsoncost.Neighbour), which answers
// no request and runs until it is closed.
func (b Binary) Neighbour(ctx context.Context) (*Server, error) {
	return b.start(ctx, wire.NeighbourFlag)
}

func (b Binary) start(ctx context.Context, flag string) (*Server, error) {
	argv := slices.Concat(b.Under, []string{b.Path, "-" + flag, "-test.timeout", "0"})
	cmd := Command(ctx, argv[0], argv[1:]...)
	cmd.Env = slices.Concat(os.Environ(), ServeEnv, b.Env)
	s := &Server{cmd: cmd, crash: &crashWatch{w: cmp.Or(b.Stderr, io.Discard)}}
	cmd.Stderr = s.crash
	var err error
	if s.in, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the benchmark binary: %w", err)
	}
	s.out = bufio.NewScanner(stdout)
	s.out.Buffer(make([]byte, 64<<10), 1<<20)
	return s, nil
}

// A CellError is a cell the binary would not time: the correctness gate or the codec refused it.
type CellError struct {
	Cell rawfmt.Cell
	Why  string
}

func (e *CellError) Error() string { return e.Cell.String() + ": " + e.Why }

// ask sends one request and returns the n lines of its answer, or those until end when n is 0.
func (s *Server) ask(cell rawfmt.Cell, n int, verb string, args ...any) ([]string, error) {
	if s.done {
		return nil, errors.New("the benchmark binary has exited")
	}
	if _, err := fmt.Fprintln(s.in, wire.Request(verb, args...)); err != nil {
		return nil, s.died(cell, err)
	}
	var lines []string
	for s.out.Scan() {
		line := s.out.Text()
		if why, ok := strings.CutPrefix(line, wire.Error); ok {
			if cell != (rawfmt.Cell{}) {
				return nil, &CellError{Cell: cell, Why: why}
			}
			return nil, errors.New(why)
		}
		if n == 0 && line == wire.End {
			return lines, nil
		}
		if lines = append(lines, line); len(lines) == n {
			return lines, nil
		}
	}
	return nil, s.died(cell, s.out.Err())
}

// died waits for a binary whose answer ended early and says why.
func (s *Server) died(cell rawfmt.Cell, err error) error {
	s.done = true
	s.in.Close()
	werr := cmp.Or(s.cmd.Wait(), err, io.ErrUnexpectedEOF)
	if cell != (rawfmt.Cell{}) {
		return crashError(cell, s.crash.first, werr)
	}
	return s.exitError(werr)
}

// exitError is the error of a binary that exited with err.
func (s *Server) exitError(err error) error {
	if s.crash.first != "" {
		return fmt.Errorf("benchmark binary: %w: %s", err, s.crash.first)
	}
	return fmt.Errorf("benchmark binary: %w", err)
}

// A Listed cell is one the binary has, with the size of its document.
type Listed struct {
	Cell             rawfmt.Cell
	Fields, DocBytes float64
}

// Cells returns the cells the binary has.
func (s *Server) Cells() ([]Listed, error) {
	lines, err := s.ask(rawfmt.Cell{}, 0, wire.Cells)
	if err != nil {
		return nil, err
	}
	var out []Listed
	for _, line := range lines {
		var sub string
		var l Listed
		_, err := fmt.Sscanf(line, "%s %g %g", &sub, &l.Fields, &l.DocBytes)
		cell, isCell := rawfmt.ParseSub(sub)
		if err != nil || !isCell || len(strings.Fields(line)) != 3 {
			return nil, fmt.Errorf("the benchmark binary listed %q, not a cell with its document's fields and bytes", line)
		}
		l.Cell = cell
		out = append(out, l)
	}
	return out, nil
}

// Info returns the binary's configuration lines about itself.
func (s *Server) Info() ([]string, error) { return s.ask(rawfmt.Cell{}, 0, wire.Info) }

// Prepare gates c and warms it.
func (s *Server) Prepare(c rawfmt.Cell) error {
	_, err := s.ask(c, 1, wire.Prepare, c)
	return err
}

// Warm warms c without the gate, which it passed in another process of the same build.
func (s *Server) Warm(c rawfmt.Cell) error {
	_, err := s.ask(c, 1, wire.Warm, c)
	return err
}

// Slice times n iterations of c: after a collection, or, if more, on the
// heap the last slice left.
func (s *Server) Slice(c rawfmt.Cell, n int, more bool) (wire.SliceResult, error) {
	args := []any{c, n}
	if more {
		args = append(args, wire.More)
	}
	lines, err := s.ask(c, 1, wire.Slice, args...)
	if err != nil {
		return wire.SliceResult{}, err
	}
	res, err := wire.ParseSlice(lines[0])
	if err == nil && !more {
		s.GCNs, s.Live = append(s.GCNs, res.GCNs), append(s.Live, res.Live)
	}
	return res, err
}

// Heap times cycles collections of a live heap of about size bytes.
func (s *Server) Heap(size uint64, cycles int) ([]wire.Cycle, error) {
	if cycles < 1 { // ask reads an answer of 0 lines until its end, which Heap's has not
		return nil, nil
	}
	lines, err := s.ask(rawfmt.Cell{}, cycles, wire.Heap, size, cycles)
	if err != nil {
		return nil, err
	}
	out := make([]wire.Cycle, cycles)
	for i, line := range lines {
		if out[i], err = wire.ParseCycle(line); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Drop makes the binary forget every prepared cell.
func (s *Server) Drop() error {
	_, err := s.ask(rawfmt.Cell{}, 1, wire.Drop)
	return err
}

// Close asks the binary to exit and waits for it; a nil Server has none.
func (s *Server) Close() error {
	if s == nil || s.done {
		return nil
	}
	s.done = true
	fmt.Fprintln(s.in, wire.Quit)
	s.in.Close()
	if err := s.cmd.Wait(); err != nil {
		return s.exitError(err)
	}
	return nil
}

type crashWatch struct { // passes stderr to w, keeping the runtime's first crash line
	w       io.Writer
	partial []byte // the start of a line not yet ended, up to maxCrashLine
	first   string // the first crash line, or ""
}

const maxCrashLine = 1 << 10 // how much of a line a crashWatch keeps

func (c *crashWatch) Write(p []byte) (int, error) {
	for rest := p; c.first == "" && len(rest) > 0; {
		line, after, ended := bytes.Cut(rest, []byte("\n"))
		c.partial = append(c.partial, line[:min(len(line), maxCrashLine-len(c.partial))]...)
		if !ended {
			break
		}
		if crashLine.Match(c.partial) {
			c.first = string(c.partial)
		}
		c.partial, rest = c.partial[:0], after
	}
	return c.w.Write(p)
}

// crashLine matches the runtime's first line about a crash: a panic, a
// fatal error or a signal that kills the program, such as "SIGILL: illegal instruction".
var crashLine = regexp.MustCompile(`^(panic: |fatal error: |SIG[A-Z0-9]+: )`)

func crashError(cell rawfmt.Cell, line string, err error) error { // the binary ended with err while cell ran
	if why, ok := strings.CutPrefix(line, "panic: "); ok {
		return fmt.Errorf("%s panicked: %s", cell, why)
	}
	if line != "" {
		return fmt.Errorf("%s crashed: %s", cell, line)
	}
	return fmt.Errorf("%s: benchmark binary: %w", cell, err)
}
