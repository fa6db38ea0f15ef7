// Package wire is the protocol between a runner and the benchmark binary it
// measures with. The runner decides every cell, its order and its pairing;
// the binary, started with -jsoncost.serve, does what each line on its
// standard input asks and answers on its standard output:
//
//	cells               the cells it has, one name a line, then "end"
//	info                configuration lines about itself ("key: value"), then "end"
//	prepare CELL        "ok" once the cell passed the correctness gate and is warm
//	warm CELL           "ok" once the cell is warm, without the gate: it passed in another process of the binary's build
//	slice CELL N        a Slice: an untimed runtime.GC, then N iterations timed with GC off
//	slice CELL N more   a Slice on the heap the last one left: no collection before it
//	heap BYTES CYCLES   CYCLES Cycle lines: a live heap of about BYTES, then forced collections
//	drop                "ok", having forgotten every prepared cell and its inputs
//	quit                the binary exits
//
// A CELL is a rawfmt.Cell's Sub name. A request that cannot be done is
// answered "error " and one line saying why; a binary that dies instead
// leaves the runtime's report on its standard error.
package wire

import (
	"fmt"
	"strconv"
	"strings"
)

// ServeFlag makes the benchmark binary serve this protocol (its full name is -jsoncost.serve).
const ServeFlag = "jsoncost.serve"

// NeighbourFlag makes the benchmark binary a busy neighbour instead, until its standard input ends.
const NeighbourFlag = "jsoncost.neighbour"

// The requests.
const (
	Cells   = "cells"
	Info    = "info"
	Prepare = "prepare"
	Warm    = "warm"
	Slice   = "slice"
	Heap    = "heap"
	Drop    = "drop"
	Quit    = "quit"

	// More is the last argument of a slice that follows another on its heap.
	More = "more"
)

// The answers that are not figures.
const (
	OK    = "ok"
	End   = "end"
	Error = "error "
)

// A SliceResult is what one slice measured: Iters iterations in Ns nanoseconds of wall time,
// allocating Bytes in Allocs objects, with GCs collections inside the timed loop (0 unless the
// memory limit forced one). Before it, the untimed collection that cleaned the heap took GCNs of
// process CPU time and left Live bytes live (both 0 for a slice of More).
type SliceResult struct {
	Iters              int
	Ns                 int64 // wall time
	CPUNs              int64 // the serving thread's CPU time
	Bytes, Allocs, GCs uint64
	GCNs               int64
	Live               uint64
}

// A Cycle is one forced collection: its process CPU time and the live heap after it.
type Cycle struct {
	CPUNs int64
	Live  uint64
}

// String is the answer line of s.
func (s SliceResult) String() string {
	return fmt.Sprintf("%d %d %d %d %d %d %d %d", s.Iters, s.Ns, s.CPUNs, s.Bytes, s.Allocs, s.GCs, s.GCNs, s.Live)
}

// String is the answer line of c.
func (c Cycle) String() string { return fmt.Sprintf("%d %d", c.CPUNs, c.Live) }

// ParseSlice reads a slice's answer line.
func ParseSlice(line string) (SliceResult, error) {
	var s SliceResult
	n, err := ints(line, 8)
	if err != nil {
		return s, fmt.Errorf("slice answer %q: %w", line, err)
	}
	s = SliceResult{Iters: int(n[0]), Ns: n[1], CPUNs: n[2], Bytes: uint64(n[3]), Allocs: uint64(n[4]), GCs: uint64(n[5]), GCNs: n[6], Live: uint64(n[7])}
	if s.Iters < 1 || s.Ns <= 0 || s.CPUNs <= 0 {
		return s, fmt.Errorf("slice answer %q: want a positive iteration count and time", line)
	}
	return s, nil
}

// ParseCycle reads a heap answer line.
func ParseCycle(line string) (Cycle, error) {
	n, err := ints(line, 2)
	if err != nil {
		return Cycle{}, fmt.Errorf("heap answer %q: %w", line, err)
	}
	return Cycle{CPUNs: n[0], Live: uint64(n[1])}, nil
}

// ints parses want non-negative integers separated by spaces.
func ints(line string, want int) ([]int64, error) {
	f := strings.Fields(line)
	if len(f) != want {
		return nil, fmt.Errorf("want %d numbers", want)
	}
	out := make([]int64, want)
	for i, s := range f {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%q is not a count", s)
		}
		out[i] = v
	}
	return out, nil
}

// Request is the line of a request with its arguments.
func Request(verb string, args ...any) string {
	return strings.TrimSuffix(fmt.Sprintln(append([]any{verb}, args...)...), "\n")
}

// Fail is the answer to a request that cannot be done: one line.
func Fail(err error) string {
	return Error + strings.Join(strings.Fields(err.Error()), " ")
}
