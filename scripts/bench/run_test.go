package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestRunWritesRawFile runs the runner end to end with the real benchmark
// binary on a tiny matrix and reads its output back with benchfmt.
func TestRunWritesRawFile(t *testing.T) {
	o := tinyRun(t.TempDir())
	o.bin = realBinary(t)
	if err := run(context.Background(), o, io.Discard); err != nil {
		t.Fatal(err)
	}
	raw := readRaw(t, o.results)
	if !strings.HasSuffix(raw.path, rawfmt.KindCustom+".txt") {
		t.Errorf("raw file %s is not named as a custom run", raw.path)
	}
	id := rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, raw.config[rawfmt.KeyCPU])
	if want := filepath.Join(o.results, id, "raw"); filepath.Dir(raw.path) != want || raw.config[rawfmt.KeyMachine] != id {
		t.Errorf("raw file %s, %s %q; want it in %s, named after the binary's cpu line", raw.path, rawfmt.KeyMachine, raw.config[rawfmt.KeyMachine], want)
	}
	count := map[rawfmt.Cell]int{}
	for _, c := range raw.cells {
		count[c]++
	}
	for _, c := range []rawfmt.Cell{
		rawfmt.NoopCell,
		{Op: "decode-map", Fixture: "fields-0001", Codec: "encoding-json"},
		{Op: "decode-map", Fixture: "fields-0002", Codec: "goccy"},
		{Op: "decode-map", Fixture: "fields-0002", Codec: rawfmt.Floor},
	} {
		// Every cell is a fields-* cell, timed in each of the round's
		// fieldsPasses runs of the binary, which also times the noop cell.
		if want := o.rounds * o.fieldsPasses; count[c] != want {
			t.Errorf("%s: %d results, want %d a round (%d)", c, count[c], o.fieldsPasses, want)
		}
	}
	goccy, _ := codecs.Lookup("goccy")
	for _, key := range []string{
		rawfmt.KeyGo, rawfmt.KeyGOOS, rawfmt.KeyCPU, rawfmt.KeyCommit, rawfmt.KeyCommand,
		rawfmt.KeySonicEngine, rawfmt.KeyRace, rawfmt.KeyGOMAXPROCS, rawfmt.KeyGOGC, rawfmt.KeyOrderSeed,
		rawfmt.CodecConfig{Name: goccy.Name}.Key(),
	} {
		if raw.config[key] == "" {
			t.Errorf("configuration line %q missing", key)
		}
	}
	if got, want := raw.config[rawfmt.KeySelection], o.sel.String(); got != want {
		t.Errorf("%s: %q, want %q", rawfmt.KeySelection, got, want)
	}
	if got, want := raw.config[rawfmt.KeyGOMAXPROCS], strconv.Itoa(runtime.GOMAXPROCS(0)); got != want {
		t.Errorf("%s: %q, want %q", rawfmt.KeyGOMAXPROCS, got, want)
	}
}

// TestOrderSeed runs the real benchmark binary: a replayed seed gives the
// same order of cells, another seed another order, and each round its own.
func TestOrderSeed(t *testing.T) {
	bin := realBinary(t)
	order := func(seed uint64) [][]rawfmt.Cell {
		o := options{
			sel:       rawfmt.Selection{Codecs: "encoding-json,goccy,json-v2", Ops: "decode-map,encode-map", Fixtures: "fields-000[125]"},
			rounds:    2,
			benchtime: "1x",
			seed:      seed,
			results:   t.TempDir(),
			bin:       bin,
		}
		if err := run(context.Background(), o, io.Discard); err != nil {
			t.Fatal(err)
		}
		raw := readRaw(t, o.results)
		if got := raw.config[rawfmt.KeyOrderSeed]; got != strconv.FormatUint(seed, 10) {
			t.Errorf("%s: %q, want %d", rawfmt.KeyOrderSeed, got, seed)
		}
		n := len(raw.cells) / o.rounds
		return [][]rawfmt.Cell{raw.cells[:n], raw.cells[n:]}
	}
	a, replay, b := order(1), order(1), order(2)
	if !slices.EqualFunc(a, replay, slices.Equal) {
		t.Errorf("seed 1 twice gave two orders:\n%v\n%v", a, replay)
	}
	if slices.EqualFunc(a, b, slices.Equal) {
		t.Errorf("seeds 1 and 2 gave the same order:\n%v", a)
	}
	if slices.Equal(a[0], a[1]) {
		t.Errorf("both rounds of seed 1 ran in the same order:\n%v", a[0])
	}
}

// TestRunsDrawDifferentSeeds: without -order-seed every run draws its own
// seed, records it and hands it to every run of the binary with the run's
// number (two a round here: the fields-* cells' passes).
func TestRunsDrawDifferentSeeds(t *testing.T) {
	var seeds []string
	for range 2 {
		o := tinyRun(t.TempDir())
		o.rounds = 3
		dir := fakeRun(t, "ok", &o)
		if err := run(context.Background(), o, io.Discard); err != nil {
			t.Fatal(err)
		}
		seed := readRaw(t, o.results).config[rawfmt.KeyOrderSeed]
		if seed == "" || seed == "0" {
			t.Fatalf("%s: %q, want a random seed", rawfmt.KeyOrderSeed, seed)
		}
		if got, want := calls(t, dir), passes(seed, 6); !slices.Equal(got, want) {
			t.Errorf("the binary ran with seed/round %v, want %v", got, want)
		}
		seeds = append(seeds, seed)
	}
	if seeds[0] == seeds[1] {
		t.Errorf("two runs drew the same seed %s", seeds[0])
	}
}

// TestReplaySeed: -order-seed reaches every run of the binary.
func TestReplaySeed(t *testing.T) {
	o := tinyRun(t.TempDir())
	o.seed = 42
	dir := fakeRun(t, "ok", &o)
	if err := run(context.Background(), o, io.Discard); err != nil {
		t.Fatal(err)
	}
	if got, want := calls(t, dir), passes("42", 4); !slices.Equal(got, want) {
		t.Errorf("the binary ran with seed/round %v, want %v", got, want)
	}
}

// passes lists the seed/round arguments of n runs of the binary.
func passes(seed string, n int) []string {
	var s []string
	for i := range n {
		s = append(s, seed+"/"+strconv.Itoa(i+1))
	}
	return s
}

// TestFailedCellLeavesNoResult: a cell that fails the gate ends the run
// after its round, names the cell and leaves no result.
func TestFailedCellLeavesNoResult(t *testing.T) {
	o := tinyRun(t.TempDir())
	dir := fakeRun(t, "fail", &o)
	var stderr bytes.Buffer
	err := run(context.Background(), o, &stderr)
	failed := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0001", Codec: rawfmt.Base}.Sub()
	if err == nil || !strings.Contains(err.Error(), "1 cells failed") || !strings.Contains(err.Error(), failed) {
		t.Errorf("run error = %v, want one that names %s", err, failed)
	}
	if !strings.Contains(stderr.String(), "the fake fails this cell") {
		t.Errorf("stderr does not show the failure:\n%s", stderr.String())
	}
	if got := calls(t, dir); len(got) != 1 {
		t.Errorf("ran %d rounds after a cell failed in round 1, want 1", len(got))
	}
	noResults(t, o.results, false)
}

// TestCrashedCellIsNamed: a binary that dies inside a cell, in its timed
// loop or in its gate, ends the run with one line that names the cell and
// gives the runtime's first line about the crash; the runtime's report is
// shown and no result is left.
func TestCrashedCellIsNamed(t *testing.T) {
	crashed := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0001", Codec: "goccy"}.Sub()
	for _, tt := range []struct{ mode, want string }{
		{"panic", "round 1: " + crashed + " panicked: the fake panics; nothing written"},
		{"overflow", "round 1: " + crashed + " crashed: fatal error: stack overflow; nothing written"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			o := tinyRun(t.TempDir())
			fakeRun(t, tt.mode, &o)
			var stderr bytes.Buffer
			err := run(context.Background(), o, &stderr)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("run error = %v, want one line with %q", err, tt.want)
			}
			if !strings.Contains(stderr.String(), "\ngoroutine 1 ") {
				t.Errorf("stderr does not show the runtime's report:\n%s", stderr.String())
			}
			noResults(t, o.results, false)
		})
	}
}

// TestMissingCellLeavesNoResult: a binary that does not report every cell
// fails the round.
func TestMissingCellLeavesNoResult(t *testing.T) {
	o := tinyRun(t.TempDir())
	fakeRun(t, "short", &o)
	err := run(context.Background(), o, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "reported 5 of the 6 cells") {
		t.Errorf("run error = %v, want one counting the missing cell", err)
	}
	noResults(t, o.results, false)
}

// TestInterruptedRunLeavesNoResult cancels a run once it has reported its
// first cell: nothing is renamed into place, the partial file is removed
// and the error says so. The gate holds the binary until then; were the run not
// stopped, it would finish and write its result.
func TestInterruptedRunLeavesNoResult(t *testing.T) {
	o := tinyRun(t.TempDir())
	dir := fakeRun(t, "gate", &o)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &watch{text: "cell 1/", seen: make(chan struct{})}
	errc := make(chan error)
	go func() { errc <- run(ctx, o, stderr) }()
	select {
	case <-stderr.seen:
	case err := <-errc:
		t.Fatalf("run ended before its first cell: %v", err)
	}
	cancel()
	release(t, dir)
	err := <-errc
	if err == nil || !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), "nothing written") {
		t.Fatalf("run error = %v, want an interruption that wrote nothing", err)
	}
	noResults(t, o.results, false)
}

// watch is a writer that closes seen once text has been written to it.
type watch struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	text string
	seen chan struct{}
}

func (w *watch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	had := strings.Contains(w.buf.String(), w.text)
	w.buf.Write(p)
	if !had && strings.Contains(w.buf.String(), w.text) {
		close(w.seen)
	}
	return len(p), nil
}

func TestRunRejectsEmptySelections(t *testing.T) {
	tests := []struct {
		sel  rawfmt.Selection
		want string
	}{
		{rawfmt.Selection{Codecs: "easyjson", Ops: "decode-map"}, "no cells to run: easyjson does not implement decode-map"},
		{rawfmt.Selection{Codecs: "easyjson,gjson", Ops: "decode-map,encode-map", Fixtures: "fields-0001"},
			"no cells to run: easyjson does not implement decode-map; gjson does not implement decode-map; " +
				"easyjson does not implement encode-map; gjson does not implement encode-map"},
		{rawfmt.Selection{Codecs: "sonic"}, `unknown codec "sonic"; valid:`},
		{rawfmt.Selection{Fixtures: "fields-9.*"}, `fixture pattern "fields-9.*" matched nothing; valid: fields-0001,`},
	}
	for _, tt := range tests {
		err := run(context.Background(), options{sel: tt.sel, rounds: 1, benchtime: "1x", results: t.TempDir()}, io.Discard)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("run(%v) = %v, want %q", tt.sel, err, tt.want)
		}
	}
}
