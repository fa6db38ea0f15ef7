package jsoncost

import (
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/jsoncost/jsoncost/internal/wire"
)

// The tests of this file check the heap Serve keeps: the collector off in
// slices, pages kept from one slice to the next, and the heap a heap request
// makes and lets go.

// TestServePrepareGC prepares a cell, which runs with the collector on,
// then times a slice that allocates more than twice the heap it starts
// from, which would set off a collection at GOGC=100: the collector is off
// again inside it.
func TestServePrepareGC(t *testing.T) {
	_, _, decode := testCells(t)
	c := start(t, decode)
	for _, verb := range []string{wire.Prepare, wire.Warm} {
		c.ask(verb+" "+decode.String(), 1)
		probe := c.slice(decode, 100)
		n := int((2*probe.Live+8<<20)/(probe.Bytes/100)) + 1
		if res := c.slice(decode, n); res.GCs != 0 || res.Bytes < 2*res.Live+4<<20 {
			t.Errorf("after %s: a slice of %d iterations allocated %d bytes from a live heap of %d, with %d collections; want over twice the heap and 4 MiB, and none", verb, n, res.Bytes, res.Live, res.GCs)
		}
		c.ask(wire.Drop, 1)
	}
}

// TestServeKeepsPages times slices that each allocate half a megabyte,
// the most a slice of the meter may, after the heap's free pages went back
// to the OS: the pages the slices take back stay theirs, so the pages the
// heap has released never grow again (ballastSize). Only the scavenger
// releases pages, so the check waits on nothing it could lose a race to.
func TestServeKeepsPages(t *testing.T) {
	_, _, decode := testCells(t)
	c := start(t, decode)
	probe := c.slice(decode, 100)
	n := int(512<<10/(probe.Bytes/100)) + 1
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for i := range 200 {
		c.slice(decode, n)
		prev := ms.HeapReleased
		runtime.ReadMemStats(&ms)
		if ms.HeapReleased > prev {
			t.Fatalf("slice %d of %d iterations: the heap's released pages grew from %d to %d bytes; want them only taken back", i+1, n, prev, ms.HeapReleased)
		}
	}
}

// TestServeHeap asks for the collections of a live heap: it answers the
// cycles asked, each with at least the live heap asked, and lets the heap
// go, so that the next slice starts from the heap the one before it had.
func TestServeHeap(t *testing.T) {
	_, floor, _ := testCells(t)
	c := start(t, floor)
	before := c.slice(floor, 10).Live
	size := before + 8<<20 // whatever the tests before this one left live
	answer := c.ask(wire.Request(wire.Heap, size, 3), 3)
	for _, line := range answer {
		cycle, err := wire.ParseCycle(line)
		if err != nil {
			t.Fatal(err)
		}
		if cycle.Live < size || cycle.CPUNs <= 0 {
			t.Errorf("a cycle took %d ns over %d live bytes; want a positive time over at least %d", cycle.CPUNs, cycle.Live, size)
		}
	}
	if after := c.slice(floor, 10).Live; after >= before+4<<20 {
		t.Errorf("the slices before and after the heap request started with %d and %d bytes live: the heap was kept", before, after)
	}
}
