package cpuprofile

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"runtime/pprof"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The profile's JSON share may be at most knownErrors standard errors from the share the program
// measured, the standard error of a share p over n samples being sqrt(p(1-p)/n). The program works
// until it has spent knownCPU, which at the 100 Hz of a profile gives about 150 samples (a standard
// error near 4 points); a profile of fewer than minSamples tells too little and fails.
const (
	knownErrors = 4
	knownCPU    = 1500 * time.Millisecond
	minSamples  = 50
)

func TestKnownShare(t *testing.T) {
	if testing.Short() {
		t.Skip("profiles a second and a half of CPU")
	}
	type hit struct {
		ID     string         `json:"_id"`
		Score  float64        `json:"_score"`
		Source map[string]any `json:"_source"`
	}
	hits := make([]hit, 10)
	for i := range hits {
		src := map[string]any{}
		for f := range 50 {
			src[fmt.Sprintf("field_%02d", f)] = fmt.Sprintf("value %d of hit %d", f, i)
		}
		hits[i] = hit{ID: fmt.Sprint(i), Score: 1.5, Source: src}
	}
	doc, err := json.Marshal(hits)
	if err != nil {
		t.Fatal(err)
	}
	block := bytes.Repeat([]byte("jsoncost"), 8<<10)

	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		t.Fatal(err)
	}
	start := processCPU(t)
	var inJSON time.Duration
	for processCPU(t)-start < knownCPU {
		t0 := threadCPU(t)
		for range 40 {
			var v []hit
			if err := json.Unmarshal(doc, &v); err != nil {
				t.Fatal(err)
			}
			if _, err := json.Marshal(v); err != nil {
				t.Fatal(err)
			}
		}
		inJSON += threadCPU(t) - t0
		for range 400 {
			sha256.Sum256(block)
		}
	}
	whole := processCPU(t) - start
	pprof.StopCPUProfile()

	p, err := Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	b := NewTable(codecLines).Attribute(p, nil)
	var n int64
	for _, smp := range p.Sample {
		n += smp.Value[0]
	}
	got, want := b.JSON()/b.Total, float64(inJSON)/float64(whole)
	tolerance := knownErrors * math.Sqrt(want*(1-want)/float64(n))
	t.Logf("JSON share: profile %.1f%% of %d samples, measured %.1f%% of %v; tolerance ±%.1f points", 100*got, n, 100*want, whole, 100*tolerance)
	if n < minSamples {
		t.Fatalf("the profile has %d samples of %v of CPU, under %d", n, whole, minSamples)
	}
	if math.Abs(got-want) > tolerance {
		t.Errorf("the profile's JSON share is %.1f%%, the program measured %.1f%%: more than %.1f points apart", 100*got, 100*want, 100*tolerance)
	}
	if b.Class[Decode] == 0 || b.Class[Encode] == 0 {
		t.Errorf("decode %g, encode %g: want both", b.Class[Decode], b.Class[Encode])
	}
}

func threadCPU(t *testing.T) time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ts.Nano())
}

func processCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
