package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// fakeServe answers the runner's requests as the benchmark binary does,
// with figures made up so that a test can tell which cell and which
// layout's binary timed a slice: every iteration of a cell takes
// weight(cell) × $idEnv ns and allocates weight(cell) bytes. It writes its
// pid to $dirEnv/fake.pid. Modes ($fakeEnv): ok; fail refuses every goccy
// cell at prepare; panic panics in the second slice; overflow overflows the
// stack in the second prepare; gate, once it has answered a slice, writes
// its pid to $dirEnv/waiting.pid and waits until $dirEnv/gate exists; log
// is ok, and writes each slice's cell, and "more" for one on the last one's
// heap, as a line of $dirEnv/slices-<pid>.log, and each prepare or warm
// request as a line of $dirEnv/prepares-<pid>.log.
func fakeServe() int {
	mode, dir := os.Getenv(fakeEnv), os.Getenv(dirEnv)
	id, _ := strconv.ParseInt(os.Getenv(idEnv), 10, 64)
	writePID("fake")
	w := bufio.NewWriter(os.Stdout)
	in := bufio.NewScanner(os.Stdin)
	prepares, slices := 0, 0
	for in.Scan() {
		verb, rest, _ := strings.Cut(in.Text(), " ")
		args := strings.Fields(rest)
		switch verb {
		case wire.Cells:
			fmt.Fprintln(w, wire.End)
		case wire.Info:
			fmt.Fprintf(w, "go: %s\ngoexperiment: \nsonic-engine: fake\nencoding-json-engine: v2-engine\nrace: false\ncodec-fake: example.com/fake@v1 std native\n%s\n", fakeGo, wire.End)
		case wire.Prepare, wire.Warm:
			c, _ := rawfmt.ParseSub(args[0])
			prepares++
			if mode == "log" {
				logLine(dir, "prepares", verb+" "+args[0])
			}
			switch {
			case mode == "overflow" && prepares == 2:
				debug.SetMaxStack(1 << 20)
				overflow(0)
			case mode == "fail" && c.Codec == "goccy":
				fmt.Fprintln(w, wire.Error+"gate: codec goccy: decode-map: the fake fails this cell")
			default:
				fmt.Fprintln(w, wire.OK)
			}
		case wire.Slice:
			c, _ := rawfmt.ParseSub(args[0])
			n, _ := strconv.ParseInt(args[1], 10, 64)
			if slices++; mode == "panic" && slices == 2 {
				panic("the fake panics\nand says more")
			}
			if mode == "log" {
				l := args[0]
				if len(args) > 2 && args[2] == wire.More {
					l += " " + wire.More
				}
				logLine(dir, "slices", l)
			}
			wt := weight(c)
			fmt.Fprintln(w, wire.SliceResult{Iters: int(n), Ns: n * wt * id, CPUNs: n * wt * id, Bytes: uint64(n * wt), Allocs: uint64(n), GCNs: 1000 * id, Live: 1 << 20})
			if mode == "gate" {
				w.Flush()
				writePID("waiting")
				for {
					if _, err := os.Stat(filepath.Join(dir, "gate")); err == nil {
						break
					}
					time.Sleep(5 * time.Millisecond)
				}
			}
		case wire.Heap:
			cycles, _ := strconv.Atoi(args[1])
			for range cycles {
				fmt.Fprintln(w, wire.Cycle{CPUNs: 1e6 * id, Live: 64 << 20})
			}
		case wire.Drop:
			fmt.Fprintln(w, wire.OK)
		case wire.Quit:
			w.Flush()
			return 0
		}
		w.Flush()
	}
	return 0
}

// logLine appends l to the fake's log named log in dir, one file a process.
func logLine(dir, log, l string) {
	f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("%s-%d.log", log, os.Getpid())), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	fmt.Fprintln(f, l)
	if err := f.Close(); err != nil {
		panic(err)
	}
}

// fakeGo is the Go the fake says built it: not the one that runs the test.
const fakeGo = "go1.99.9"

// weight is the fake's ns of one iteration of c in layout 1: each codec
// and each document its own, so a test can tell whose slice a figure is.
func weight(c rawfmt.Cell) int64 {
	w := map[string]int64{rawfmt.Base: 1000, "goccy": 300, rawfmt.Floor: 10, rawfmt.Noop: 2}[c.Codec]
	if w == 0 {
		w = 500
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(c.Fixture, "fields-")); err == nil {
		w *= int64(n)
	}
	return w
}

// overflow recurses until the stack is exhausted.
func overflow(n int) int { return overflow(n+1) + 1 }

// release opens the fake's gate.
func release(dir string) error { return os.WriteFile(filepath.Join(dir, "gate"), nil, 0o644) }

// writePID writes the process's pid to $dirEnv/<role>.pid, if there is a $dirEnv.
func writePID(role string) {
	if dir := os.Getenv(dirEnv); dir != "" {
		os.WriteFile(filepath.Join(dir, role+".pid"), []byte(strconv.Itoa(os.Getpid())), 0o644)
	}
}
