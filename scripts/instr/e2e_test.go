package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// TestRealValgrind builds the benchmark binary as run does, runs its native
// pass over one cell of the smallest fixture with the noop and floor cells
// the runner adds, asks it what it is under the real valgrind, and counts
// each of the three cells there, one pair of runs per cell, all at once. It
// skips when valgrind is missing, except in CI, which installs it.
func TestRealValgrind(t *testing.T) {
	valgrind, err := exec.LookPath(defaultValgrind)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("valgrind is not installed, and CI installs it")
		}
		t.Skip("valgrind is not installed")
	}
	ctx := context.Background()
	if v, err := valgrindVersion(ctx, valgrind); err != nil || !strings.HasPrefix(v, "valgrind-") {
		t.Errorf("valgrind version %q, %v", v, err)
	}
	dir := t.TempDir()
	bin, err := build(ctx, "", dir, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	cells, err := plan(rawfmt.Selection{Codecs: "goccy", Ops: "decode-struct", Fixtures: "fields-0001"})
	if err != nil {
		t.Fatal(err)
	}
	native, err := runNative(ctx, runner.Binary{Path: bin, Env: runEnv, Stderr: io.Discard}, cells)
	if err != nil {
		t.Fatal(err)
	}
	c := &counter{valgrind: valgrind, bin: bin, dir: dir, stderr: io.Discard}
	info, err := c.info(ctx)
	if err != nil {
		t.Fatalf("asking the binary what it is under valgrind: %v", err)
	}
	if !slices.ContainsFunc(info, func(l string) bool { return strings.HasPrefix(l, rawfmt.KeyGo+": go1.") }) {
		t.Errorf("under valgrind the binary says %q, want a go line", info)
	}
	figures := map[string]float64{}
	var (
		wg sync.WaitGroup
		mu sync.Mutex
	)
	for _, cell := range cells {
		wg.Go(func() {
			tm := native[cell]
			n1, _ := chooseN1(tm.ns*firstRate, tm.bytes, 3_000_000)
			i1, err := c.count(ctx, cell, n1)
			if err != nil {
				t.Error(err)
				return
			}
			i2, err := c.count(ctx, cell, ratio*n1)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			figures[cell.Codec] = float64(i2-i1) / float64((ratio-1)*n1)
		})
	}
	wg.Wait()
	t.Logf("instructions/op: %v", figures)
	// goccy decodes this 1-field document in about 1500 instructions; the
	// floor reads its bytes in a few dozen; the noop loop takes fewer.
	noop, floor, goccy := figures[rawfmt.Noop], figures[rawfmt.Floor], figures["goccy"]
	if len(figures) != 3 || !(0 < noop && noop < floor && floor < goccy && goccy < 40_000) {
		t.Errorf("figures %v, want 0 < noop < floor < goccy < 40000", figures)
	}
}
