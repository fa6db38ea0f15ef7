package jsoncost

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// A client talks to Serve over pipes, as the runner does over the binary's
// standard input and output: each answer must arrive before the next
// request is written. An answer that never comes hangs the test until go
// test's timeout, as it would hang the runner.
type client struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string // Serve's answer lines, closed when Serve returns
	done  chan error  // Serve's result
}

// start runs Serve on cells until the test ends, and checks that it leaves
// the collector as it found it.
func start(t *testing.T, cells ...Cell) *client {
	t.Helper()
	skipRace(t)
	percent, limit := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1)
	debug.SetGCPercent(percent)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() {
		err := Serve(inR, outW, codecs.All(), listed(cells))
		inR.CloseWithError(errors.New("Serve returned")) // a request after that fails
		outW.Close()
		c.done <- err
	}()
	go func() { // a pipe's buffer: an answer longer than asked for does not block Serve
		for s := bufio.NewScanner(outR); s.Scan(); {
			c.lines <- s.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		for range c.lines {
		}
		if err := <-c.done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		forget()
		if p, l := debug.SetGCPercent(percent), debug.SetMemoryLimit(limit); p != percent || l != limit {
			t.Errorf("Serve left GOGC %d and a memory limit of %d bytes; want %d and %d", p, l, percent, limit)
		}
	})
	return c
}

// ask writes one request and returns its answer: lines up to "end" when
// lines is 0, else that many lines.
func (c *client) ask(request string, lines int) []string {
	c.t.Helper()
	if _, err := fmt.Fprintln(c.in, request); err != nil {
		c.t.Fatalf("%s: %v", request, err)
	}
	var answer []string
	for lines == 0 || len(answer) < lines {
		line, ok := <-c.lines
		switch {
		case !ok:
			c.t.Fatalf("%s: the answer ended after %q", request, answer)
		case lines == 0 && line == wire.End:
			return answer
		}
		answer = append(answer, line)
	}
	return answer
}

// slice asks for a slice of cell and reads its answer.
func (c *client) slice(cell Cell, n int) wire.SliceResult {
	c.t.Helper()
	answer := c.ask(wire.Request(wire.Slice, cell, n), 1)[0]
	res, err := wire.ParseSlice(answer)
	if err != nil {
		c.t.Fatal(err)
	}
	return res
}

// listed returns cells as the Cells of a binary.
func listed(cells []Cell) CellList {
	return func() ([]Cell, error) { return cells, nil }
}

// serve runs Serve on cells of cs over the requests and returns every
// answer line.
func serve(t *testing.T, cs codecs.List, cells []Cell, requests ...string) []string {
	t.Helper()
	skipRace(t)
	var out bytes.Buffer
	if err := Serve(strings.NewReader(strings.Join(requests, "\n")+"\n"), &out, cs, listed(cells)); err != nil {
		t.Fatal(err)
	}
	forget()
	if out.Len() == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// skipRace skips a test of Serve, which refuses a -race build.
func skipRace(t *testing.T) {
	if codecs.RaceEnabled {
		t.Skip("Serve refuses a -race build")
	}
}

// testCells are a noop cell, the floor of decode-map and encoding/json's
// decode-map on fields-0050.
func testCells(t *testing.T) (noop, floor, decode Cell) {
	e, _ := entryInput(t, "fields-0050")
	base, err := codecs.All().Lookup(rawfmt.Base)
	if err != nil {
		t.Fatal(err)
	}
	return NoopCell(), Cell{codecs.DecodeMap, e, nil}, Cell{codecs.DecodeMap, e, base}
}

// TestServeRequests asks for every request and some that cannot be done, in
// turn: each gets its answer, and one that cannot be done gets one error
// line, after which the server goes on. After quit, Serve returns.
func TestServeRequests(t *testing.T) {
	noop, floor, decode := testCells(t)
	_, in := entryInput(t, "fields-0050")
	_, noopIn := entryInput(t, rawfmt.NoopFixture)
	c := start(t, noop, floor, decode)
	nope := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0050", Codec: "nope"}.Sub()
	docBytes, noopBytes := strconv.Itoa(len(in.Doc)), strconv.Itoa(len(noopIn.Doc))
	for _, tt := range []struct {
		request string
		answer  []string
	}{
		{"cells", []string{noop.String() + " 1 " + noopBytes, floor.String() + " 50 " + docBytes, decode.String() + " 50 " + docBytes}},
		{"prepare " + decode.String(), []string{"ok"}},
		{"prepare " + nope, []string{"error no cell " + nope + " in this binary"}},
		{"warm " + decode.String(), []string{"ok"}},
		{"warm " + nope, []string{"error no cell " + nope + " in this binary"}},
		{"slice " + nope + " 10", []string{"error no cell " + nope + " in this binary"}},
		{"frobnicate x", []string{`error unknown request "frobnicate x"`}},
		{"", []string{`error unknown request ""`}},
		{"prepare", []string{`error unknown request "prepare"`}},
		{"slice " + decode.String(), []string{`error unknown request "slice ` + decode.String() + `"`}},
		{"slice " + decode.String() + " ten", []string{`error slice of "ten" iterations`}},
		{"slice " + decode.String() + " 0", []string{`error slice of "0" iterations`}},
		{"heap 1MiB 2", []string{"error heap 1MiB 2: want a size in bytes and a number of cycles"}},
		{"heap 1024 0", []string{"error heap 1024 0: want a size in bytes and a number of cycles"}},
		{"drop", []string{"ok"}},
	} {
		lines := len(tt.answer)
		if tt.request == wire.Cells {
			lines = 0
		}
		if got := c.ask(tt.request, lines); strings.Join(got, "\n") != strings.Join(tt.answer, "\n") {
			t.Errorf("%q answered\n%s\nwant\n%s", tt.request, strings.Join(got, "\n"), strings.Join(tt.answer, "\n"))
		}
	}
	fmt.Fprintln(c.in, "quit")
	if line, ok := <-c.lines; ok {
		t.Errorf("quit answered %q", line)
	}
}

// TestServeSlice times slices of the noop cell, a floor and a decoder: each
// reports the iterations asked, a positive time, no collection inside it,
// and the allocation of its loop: none for the noop cell and the floor, and
// for the decoder what the same iterations of its loop allocate outside Serve.
func TestServeSlice(t *testing.T) {
	noop, floor, decode := testCells(t)
	c := start(t, noop, floor, decode)
	for _, tt := range []struct {
		cell Cell
		n    int
	}{{noop, 10000}, {floor, 1000}, {decode, 200}} {
		var allocs, bytes uint64
		if !tt.cell.Floor() && tt.cell.Codec != nothing {
			allocs, bytes = allocated(t, tt.cell, tt.n)
		}
		// A slice counts the process's allocations: of three, the one with
		// the fewest, so that another goroutine's stray one is not the loop's.
		res := c.slice(tt.cell, tt.n)
		for range 2 {
			if r := c.slice(tt.cell, tt.n); r.Allocs < res.Allocs {
				res = r
			}
		}
		switch {
		case res.Iters != tt.n || res.Ns <= 0 || res.GCs != 0:
			t.Errorf("%s: %d iterations in %d ns with %d collections; want %d, a positive time and none", tt.cell, res.Iters, res.Ns, res.GCs, tt.n)
		case !near(res.Allocs, allocs) || !near(res.Bytes, bytes):
			t.Errorf("%s: %d allocations of %d bytes in %d iterations; the loop alone makes %d of %d", tt.cell, res.Allocs, res.Bytes, tt.n, allocs, bytes)
		case res.GCNs <= 0 || res.Live == 0:
			t.Errorf("%s: the collection before the slice took %d ns and left %d bytes live", tt.cell, res.GCNs, res.Live)
		}
		// A slice on the heap the last one left collects nothing first.
		answer := c.ask(wire.Request(wire.Slice, tt.cell, tt.n, wire.More), 1)[0]
		if more, err := wire.ParseSlice(answer); err != nil || more.Iters != tt.n || more.GCNs != 0 || more.Live != 0 {
			t.Errorf("%s: a slice of %d more answered %q (%v); want its iterations, no collection and no live heap", tt.cell, tt.n, answer, err)
		}
	}
}

// allocated is what n iterations of cell's loop allocate, outside Serve.
func allocated(t *testing.T, cell Cell, n int) (allocs, bytes uint64) {
	loop, err := Prepare(cell)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := loop(n); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if after.Mallocs == before.Mallocs {
		t.Fatalf("%s allocates nothing", cell)
	}
	return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}

// near reports whether a count is b's within 1%: a pool the collection
// before a slice empties is filled again inside it.
func near(a, b uint64) bool { return a*100 <= b*101 && b*100 <= a*101 }

// TestServeDrop checks that a prepared cell is gated once, whatever the
// slices of it, and that drop forgets it and its inputs: the next slice
// gates it again. A warmed cell is not gated: its build's gate passed it in
// another process.
func TestServeDrop(t *testing.T) {
	_, _, decode := testCells(t)
	gated := 0
	check = func(c *codecs.Codec, op codecs.Op, in codecs.Input) error {
		gated++
		return codecs.Check(c, op, in)
	}
	t.Cleanup(func() { check = codecs.Check })
	c := start(t, decode)
	c.ask(wire.Request(wire.Prepare, decode), 1)
	c.slice(decode, 10)
	c.slice(decode, 10)
	if gated != 1 {
		t.Errorf("a cell prepared and sliced twice was gated %d times, want once", gated)
	}
	if got := c.ask(wire.Drop, 1); got[0] != wire.OK {
		t.Fatalf("drop answered %q", got)
	}
	current.Lock()
	kept := len(current.ins)
	current.Unlock()
	if kept != 0 {
		t.Errorf("drop kept the inputs of %d entries", kept)
	}
	c.slice(decode, 10)
	if gated != 2 {
		t.Errorf("after drop a slice gated the cell %d times in all, want twice", gated)
	}
	c.ask(wire.Drop, 1)
	if got := c.ask(wire.Request(wire.Warm, decode), 1); got[0] != wire.OK {
		t.Fatalf("warm answered %q", got)
	}
	c.slice(decode, 10)
	if gated != 2 {
		t.Errorf("warm and a slice gated the cell %d times in all, want still twice", gated)
	}
}

// TestServeInfo checks what the binary says of itself: its Go, its
// GOEXPERIMENT, the engines of sonic and encoding/json, no race detector,
// and each registered configuration's two lines.
func TestServeInfo(t *testing.T) {
	c := start(t)
	got := map[string]string{}
	lines := c.ask(wire.Info, 0)
	for _, l := range lines {
		k, v, ok := strings.Cut(l, ": ")
		if !ok {
			k, ok = strings.CutSuffix(l, ":")
		}
		if _, dup := got[k]; !ok || dup {
			t.Errorf("info line %q: not key: value, or a key said twice", l)
		}
		got[k] = v
	}
	want := map[string]string{rawfmt.KeyGo: runtime.Version(), rawfmt.KeyRace: "false"}
	for key, name := range map[string]string{rawfmt.KeySonicEngine: "sonic-std", rawfmt.KeyStdEngine: rawfmt.Base} {
		c, err := codecs.All().Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		want[key] = c.EngineName()
	}
	if _, ok := got[rawfmt.KeyGOEXPERIMENT]; !ok {
		t.Error("no goexperiment line")
	}
	for _, cc := range codecs.All() {
		want[rawfmt.KeyCodecPrefix+cc.Name] = cc.ModuleVersion() + " " + string(cc.Category) + " " + cc.EngineName()
		want[rawfmt.KeySkipsPrefix+cc.Name] = cmp.Or(strings.Join(cc.Skips, rawfmt.SkipsSep), "none")
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("info: %s: %q, want %q", k, got[k], v)
		}
	}
	if len(lines) != len(want)+1 {
		t.Errorf("info has %d lines, want %d:\n%s", len(lines), len(want)+1, strings.Join(lines, "\n"))
	}
}

// TestSliceWarmsPools checks that a slice of one iteration times a warm
// codec: a collection empties sync.Pools, and the untimed iteration before
// the timed ones refills what the loop keeps in one.
func TestSliceWarmsPools(t *testing.T) {
	var pool sync.Pool
	loop := func(n int) error {
		for range n {
			b, _ := pool.Get().(*[]byte)
			if b == nil {
				b = new([]byte)
				*b = make([]byte, 1<<20)
			}
			pool.Put(b)
		}
		return nil
	}
	for _, n := range []int{1, 2} {
		if res, err := slice(loop, n, true); err != nil || res.Bytes >= 1<<20 {
			t.Errorf("slice of %d after a collection: %d B allocated, %v; want the pool refilled before the timed loop", n, res.Bytes, err)
		}
	}
}

// BenchmarkCollect times a forced collection of a 64 MiB heap of decoded
// documents, the one the GC harness charges at, from a goroutine locked
// to its thread, as Serve's is, and unlocked, as collectGarbage runs it;
// cpu-ns/op is the process's CPU time a collection took:
//
//	GOMAXPROCS=1 GOGC=off go test -run '^$' -bench Collect -count 6 .
func BenchmarkCollect(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	kept, err := liveHeap(64 << 20)
	if err != nil {
		b.Fatal(err)
	}
	for _, thread := range []string{"locked", "unlocked"} {
		collect := func() { unlocked(runtime.GC) }
		if thread == "locked" {
			collect = runtime.GC
		}
		b.Run("thread="+thread, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu := cpuTime()
			for b.Loop() {
				collect()
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
	runtime.KeepAlive(kept)
}
