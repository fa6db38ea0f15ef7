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

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// TestRealValgrind builds the benchmark binary as run does, runs its native
// pass over one cell of the smallest fixture with the noop and floor cells
// the runner adds, and counts each of the three under the real valgrind,
// one pair of runs per cell, all at once. It skips when valgrind is
// missing, except in CI, which installs it.
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
	bin, dir, err := runner.Build(ctx, "", io.Discard, "-ldflags=-s -w")
	defer os.RemoveAll(dir)
	if err != nil {
		t.Fatal(err)
	}
	sel := rawfmt.Selection{Codecs: "goccy", Ops: "decode-struct", Fixtures: "fields-0001"}
	jobs, err := plan(sel)
	if err != nil {
		t.Fatal(err)
	}
	native, err := runNative(ctx, bin, sel, jobs, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	c := &counter{valgrind: valgrind, bin: bin, dir: dir, stderr: io.Discard}
	figures := map[string]float64{}
	var (
		wg sync.WaitGroup
		mu sync.Mutex
	)
	for _, j := range jobs {
		wg.Go(func() {
			tm := native[j.cell]
			n1, _ := chooseN1(tm.ns*firstRate, tm.bytes, 3_000_000)
			i1, header, err := c.count(ctx, j, n1)
			if err != nil {
				t.Error(err)
				return
			}
			i2, _, err := c.count(ctx, j, ratio*n1)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			figures[j.cell.Codec] = float64(i2-i1) / float64((ratio-1)*n1)
			if !slices.ContainsFunc(header, func(c benchfmt.Config) bool { return c.Key == rawfmt.KeyCPU && len(c.Value) > 0 }) {
				t.Errorf("%s under valgrind: configuration %v, want a cpu line", j.cell, header)
			}
		})
	}
	wg.Wait()
	// goccy decodes this 1-field document in about 1500 instructions; the
	// floor reads its bytes in a few dozen; the noop loop takes fewer.
	noop, floor, goccy := figures[rawfmt.Noop], figures[rawfmt.Floor], figures["goccy"]
	if len(figures) != 3 || !(0 < noop && noop < floor && floor < goccy && goccy < 40_000) {
		t.Errorf("figures %v, want 0 < noop < floor < goccy < 40000", figures)
	}
}
