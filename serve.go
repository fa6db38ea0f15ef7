package jsoncost

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// memoryGuard is the memory limit while slices run with GC off, unless
// GOMEMLIMIT sets another: a loop that allocates more than this is
// collected inside its slice (SliceResult.GCs) rather than killed.
const memoryGuard = 4 << 30

// ballastSize is the size of the ballast Serve keeps live while it serves:
// one pointer-free allocation it never touches, so it costs no resident
// memory and nothing for a collection to mark. It keeps the runtime's
// background scavenger idle. After each collection the scavenger returns
// free pages to the OS until the heap keeps at most a tenth more than it
// had in use; with GC off and a collection before each group of slices,
// the pages of their garbage are free after the next collection, so the
// scavenger kept releasing them and the next slices kept taking them back.
// On these VMs the first write to a page the OS took back costs about 3 µs,
// charged to whichever slice allocated it: sonic's decode of a 256 KiB
// document, which copies it first, took 14 µs or 220–270 µs, depending on
// the process. With the ballast in use, the tenth is 6.4 MiB, more than the
// slices leave free (allocCap in package internal/meter), and a process
// that released 64 KiB 750–900 times in 400 slices of that cell releases 3
// times. Collections cost what they did (BenchmarkGC lines, 20261207T114849Z
// against 20261207T140748Z: 0.73 and 0.66 ms at the binary's heap, 37.6 and
// 37.2 ms at 64 MiB).
const ballastSize = 64 << 20

// Main is the TestMain of a benchmark binary of the configurations cs: with
// -jsoncost.serve it serves the runner on the cells, else it runs the tests
// and benchmarks as go test does.
func Main(m *testing.M, cs codecs.List, cells Cells) {
	serve := flag.Bool(wire.ServeFlag, false, "answer the runner's requests on stdin (package internal/wire) and exit")
	neighbour := flag.Bool(wire.NeighbourFlag, false, "load the machine as a busy neighbour would, until stdin ends (make bench-noise)")
	flag.Parse()
	switch {
	case *neighbour:
		Neighbour(os.Stdin)
	case !*serve:
		os.Exit(m.Run())
	default:
		if err := Serve(os.Stdin, os.Stdout, cs, cells); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	os.Exit(0)
}

// Bench runs the cells as plain go test benchmarks named after them.
func Bench(b *testing.B, cells []Cell) {
	for _, cell := range cells {
		b.Run(cell.String(), func(b *testing.B) {
			loop, err := Prepare(cell)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(cell.Fixture.Bytes + 0.5))
			b.ReportAllocs()
			b.ResetTimer()
			if err := loop(b.N); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// Serve answers the runner's requests (package internal/wire) on the
// cells of the configurations cs until quit or the end of its input. Slices run with GC off; an
// untimed collection before each gives every slice the same clean heap.
// Serve leaves the collector as it found it.
func Serve(in io.Reader, out io.Writer, cs codecs.List, cells Cells) error {
	if codecs.RaceEnabled {
		return fmt.Errorf("refusing to benchmark a -race build: the race detector slows every codec differently (sonic even falls back to encoding/json under it)")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	if os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(memoryGuard))
	}
	ballast := make([]byte, ballastSize)
	defer runtime.KeepAlive(ballast)
	s := &server{codecs: cs, cells: cells, loops: map[string]Loop{}}
	w := bufio.NewWriter(out)
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		verb, rest, _ := strings.Cut(lines.Text(), " ")
		if verb == wire.Quit {
			break
		}
		if err := s.answer(w, verb, strings.Fields(rest)); err != nil {
			fmt.Fprintln(w, wire.Fail(err))
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return lines.Err()
}

type server struct {
	codecs codecs.List
	cells  Cells
	loops  map[string]Loop // the prepared cells
}

// answer writes the answer to one request, or returns why it cannot.
func (s *server) answer(w io.Writer, verb string, args []string) error {
	switch {
	case verb == wire.Cells:
		cells, err := s.cells.All()
		if err != nil {
			return err
		}
		for _, c := range cells {
			fmt.Fprintln(w, c, c.Fixture.Fields, c.Fixture.Bytes)
		}
		fmt.Fprintln(w, wire.End)
	case verb == wire.Info:
		for _, line := range codecs.ConfigLines(s.codecs) {
			fmt.Fprintln(w, line)
		}
		fmt.Fprintln(w, wire.End)
	case preparers[verb] != nil && len(args) == 1:
		if _, err := s.prepare(args[0], preparers[verb]); err != nil {
			return err
		}
		fmt.Fprintln(w, wire.OK)
	case verb == wire.Slice && (len(args) == 2 || len(args) == 3 && args[2] == wire.More):
		loop, err := s.prepare(args[0], Prepare)
		n, nerr := strconv.Atoi(args[1])
		if err != nil {
			return err
		} else if nerr != nil || n < 1 {
			return fmt.Errorf("slice of %q iterations", args[1])
		}
		res, err := slice(loop, n, len(args) == 2)
		if err != nil {
			return fmt.Errorf("%s: %w", args[0], err)
		}
		fmt.Fprintln(w, res)
	case verb == wire.Heap && len(args) == 2:
		live, err1 := strconv.ParseUint(args[0], 10, 64)
		cycles, err2 := strconv.Atoi(args[1])
		if err1 != nil || err2 != nil || cycles < 1 {
			return fmt.Errorf("heap %s %s: want a size in bytes and a number of cycles", args[0], args[1])
		}
		res, err := heap(live, cycles)
		if err != nil {
			return err
		}
		for _, c := range res {
			fmt.Fprintln(w, c)
		}
	case verb == wire.Drop:
		clear(s.loops)
		forget()
		fmt.Fprintln(w, wire.OK)
	default:
		return fmt.Errorf("unknown request %q", strings.Join(append([]string{verb}, args...), " "))
	}
	return nil
}

// preparers make a cell's loop for the requests that ask for it: through
// the gate, or warmed in a process whose build's gate passed it.
var preparers = map[string]func(Cell) (Loop, error){wire.Prepare: Prepare, wire.Warm: Warm}

// prepare returns the loop of the cell called name, made by do unless the
// process has it.
func (s *server) prepare(name string, do func(Cell) (Loop, error)) (Loop, error) {
	if loop, ok := s.loops[name]; ok {
		return loop, nil
	}
	sub, ok := rawfmt.ParseSub(name)
	if !ok {
		return nil, missing(name)
	}
	c, err := s.cells.Find(sub)
	if err != nil {
		return nil, err
	}
	// With the collector on: the garbage of the gate's and the warm-up's
	// calls would otherwise pile up until the next slice's collection,
	// each new byte of the pile a page fault: the gate of the full matrix
	// took 18 s with it off, 8 s with it on.
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	loop, err := do(c)
	if err != nil {
		return nil, err
	}
	s.loops[name] = loop
	return loop, nil
}

// slice cleans the heap if collect, then times n iterations of loop with GC
// off. Before them it runs one untimed, which fills the allocator's caches
// and the codec's pools that a collection emptied: a slice of one iteration
// (a large document under the allocation cap) would time that refill too.
func slice(loop Loop, n int, collect bool) (wire.SliceResult, error) {
	var before, after runtime.MemStats
	var gcNs int64
	var liveBytes uint64 // none on the heap the last slice left
	if collect {
		gcNs, liveBytes = collectGarbage()
	}
	if err := loop(1); err != nil {
		return wire.SliceResult{}, err
	}
	runtime.ReadMemStats(&before)
	start, thread := time.Now(), threadTime()
	err := loop(n)
	elapsed, threadNs := time.Since(start), threadTime()-thread
	runtime.ReadMemStats(&after)
	return wire.SliceResult{
		Iters: n, Ns: max(elapsed.Nanoseconds(), 1), CPUNs: max(threadNs, 1),
		Bytes: after.TotalAlloc - before.TotalAlloc, Allocs: after.Mallocs - before.Mallocs,
		GCs: uint64(after.NumGC - before.NumGC), GCNs: gcNs, Live: liveBytes,
	}, err
}

// heapDoc is the document the live heap of a heap request is made of,
// decoded into map[string]any: a search response of 100 hits, pointers
// all through, as a service holds what it decoded.
const heapDoc = "es-hits-100-full"

// heap makes a live heap of about size bytes of decoded documents, times
// cycles forced collections of it in process CPU time, and lets it go,
// returning its pages to the OS at once: past the ballast's tenth, the
// scavenger would take seconds to, taking slices' pages back with them.
func heap(size uint64, cycles int) ([]wire.Cycle, error) {
	kept, err := liveHeap(size)
	if err != nil {
		return nil, err
	}
	out := make([]wire.Cycle, cycles)
	for i := range out {
		out[i].CPUNs, out[i].Live = collectGarbage()
	}
	runtime.KeepAlive(kept)
	unlocked(debug.FreeOSMemory)
	return out, nil
}

// liveHeap decodes heapDoc until the live heap is about size bytes, and
// returns what it decoded.
func liveHeap(size uint64) ([]any, error) {
	f, err := fixtures.Lookup(heapDoc)
	if err != nil {
		return nil, err
	}
	doc, err := f.Data()
	if err != nil {
		return nil, err
	}
	base, _ := codecs.All().Lookup(rawfmt.Base)
	var kept []any
	for have := uint64(0); have < size; {
		for range 16 {
			v := new(map[string]any)
			if err := base.Unmarshal(doc, v); err != nil {
				return nil, fmt.Errorf("decoding %s: %w", heapDoc, err)
			}
			kept = append(kept, v)
		}
		_, have = collectGarbage() // with GC off, HeapAlloc counts garbage too until a collection
	}
	return kept, nil
}

// collectGarbage runs a collection with Serve's goroutine unlocked from its
// thread, as a service's goroutines are, and returns the process CPU time
// it took and the heap it left live, less Serve's ballast. Called from a
// locked one, runtime.GC makes the runtime hand the thread's P to another
// thread for the collection's workers and back, which costs more CPU than
// marking the binary's small heap and overstates a 64 MiB heap's
// collection by half again (BenchmarkCollect).
func collectGarbage() (cpuNs int64, live uint64) {
	cpu := cpuTime()
	unlocked(runtime.GC)
	cpuNs = cpuTime() - cpu
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return cpuNs, ms.HeapAlloc - ballastSize
}

// unlocked runs collect, a collection, with Serve's goroutine unlocked
// from its thread (collectGarbage).
func unlocked(collect func()) {
	runtime.UnlockOSThread()
	defer runtime.LockOSThread()
	collect()
}

// threadTime is the CPU time this thread has used, in nanoseconds: Serve
// locks its goroutine to its thread, so a slice's is the loop's alone, and
// time the thread spent waiting for a CPU while others ran is not in it.
func threadTime() int64 { return clock(unix.CLOCK_THREAD_CPUTIME_ID) }

// cpuTime is the CPU time this process has used, in nanoseconds.
func cpuTime() int64 { return clock(unix.CLOCK_PROCESS_CPUTIME_ID) }

func clock(id int32) int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(id, &ts); err != nil {
		return 0
	}
	return ts.Nano()
}
