package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// fakeBinary prints what the benchmark binary prints for its arguments, with
// one result per cell of the selection in matrix order, and logs the seed
// and round of each round it runs in $dirEnv/calls, as seed/round. With
// -test.v it names each cell on a line of its own before the cell runs, as
// go test does. Modes: fail fails the first cell; short leaves out the
// last; panic panics in the second cell's timed loop, overflow overflows
// the stack in its gate; gate, in round 1, writes its pid to
// $dirEnv/fake.pid and waits after the first cell until $dirEnv/gate exists.
func fakeBinary(args []string) int {
	fs := flag.NewFlagSet("fake", flag.ContinueOnError)
	var sel rawfmt.Selection
	sel.RegisterFlags(fs, rawfmt.BinaryFlagPrefix)
	fs.String("test.bench", "", "")
	fs.String("test.run", "", "")
	fs.Bool("test.benchmem", false, "")
	verbose := fs.Bool("test.v", false, "")
	fs.Int("test.count", 1, "")
	fs.String("test.benchtime", "", "")
	fs.String("test.timeout", "", "")
	seed := fs.Uint64(rawfmt.BinarySeedFlag, 0, "")
	round := fs.Int(rawfmt.BinaryRoundFlag, 1, "")
	if fs.Parse(args) != nil {
		return 2
	}
	mode, dir := os.Getenv(fakeEnv), os.Getenv(dirEnv)
	fmt.Print("sonic-engine: fake\nrace: false\ngoos: linux\ngoarch: amd64\npkg: fake\ncpu: Fake CPU @ 1.00GHz\n")
	start := func(c rawfmt.Cell) {
		if *verbose {
			fmt.Println(c.Name())
		}
	}
	result := func(c rawfmt.Cell) { fmt.Printf("%s-2 \t       1\t       100.0 ns/op\n", c.Name()) }
	start(rawfmt.NoopCell)
	result(rawfmt.NoopCell)
	f, err := os.OpenFile(filepath.Join(dir, "calls"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return 3
	}
	fmt.Fprintf(f, "%d/%d\n", *seed, *round)
	f.Close()
	cells, _, err := jsoncost.Matrix(sel)
	if err != nil {
		return 4
	}
	for i, c := range cells {
		start(c.Name())
		switch {
		case mode == "panic" && i == 1:
			fmt.Printf("%s-2 \t", c.Name().Name()) // go test's start of the result line
			panic("the fake panics\nand says more")
		case mode == "overflow" && i == 1:
			debug.SetMaxStack(1 << 20)
			overflow(0)
		case mode == "fail" && i == 0:
			fmt.Printf("--- FAIL: %s\n    gate.go:1: the fake fails this cell\n", c.Name().Name())
			continue
		case mode == "short" && i == len(cells)-1:
			continue
		}
		if mode == "gate" && *round == 1 && i == 0 {
			writePID("fake")
		}
		result(c.Name())
		if mode == "gate" && *round == 1 && i == 0 {
			for {
				if _, err := os.Stat(filepath.Join(dir, "gate")); err == nil {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
	}
	if mode == "fail" {
		fmt.Println("--- FAIL: BenchmarkCodec\nFAIL")
		return 1
	}
	fmt.Println("PASS")
	return 0
}

// overflow recurses until the stack is exhausted.
func overflow(n int) int { return overflow(n+1) + 1 }

// calls returns the seed and round of each round the fake ran, in order.
func calls(t *testing.T, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "calls"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(b))
}

// release opens the fake's gate.
func release(t *testing.T, dir string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "gate"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writePID writes the process's pid to $dirEnv/<role>.pid, if there is a
// $dirEnv.
func writePID(role string) {
	if dir := os.Getenv(dirEnv); dir != "" {
		os.WriteFile(filepath.Join(dir, role+".pid"), []byte(strconv.Itoa(os.Getpid())), 0o644)
	}
}
