package jsoncost

import (
	"io"
	"math/rand/v2"
	"time"
)

// sink keeps the neighbour's reads from being optimised away.
var sink uint64

// Neighbour is the load make bench-noise runs beside the meter: until its
// input ends, phases of 50 to 200 ms of work that misses every cache (a
// stream of writes through 64 MiB, then random reads of it) alternate with
// idle phases of 50 to 200 ms, as a busy neighbour on a shared host comes
// and goes.
func Neighbour(in io.Reader) {
	done := make(chan struct{})
	go func() {
		io.Copy(io.Discard, in)
		close(done)
	}()
	buf := make([]uint64, 8<<20)
	rng := rand.New(rand.NewPCG(1, 2))
	phase := func() time.Duration { return time.Duration(50+rng.IntN(151)) * time.Millisecond }
	for {
		for end := time.Now().Add(phase()); time.Now().Before(end); {
			for i := 0; i < len(buf); i += 8 { // a word of every cache line
				buf[i]++
			}
			for range 1 << 16 {
				sink += buf[rng.IntN(len(buf))]
			}
		}
		select {
		case <-done:
			return
		case <-time.After(phase()):
		}
	}
}
