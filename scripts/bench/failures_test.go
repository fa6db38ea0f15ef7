package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// The tests of this file give the runner what it cannot run: a cell the
// gate refuses, a binary that crashes, an interrupted run and a selection
// of no cells. Each ends the run with one line and leaves no result.

// TestFailedCellLeavesNoResult: a cell the gate refuses ends the run before
// the first round times anything, names the cell and leaves no result.
func TestFailedCellLeavesNoResult(t *testing.T) {
	o := tinyRun(t.TempDir())
	fakeRun(t, "fail", &o)
	var stderr bytes.Buffer
	err := run(context.Background(), o, &stderr)
	failed := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0001", Codec: "goccy"}.Sub()
	if err == nil || !strings.Contains(err.Error(), "round 1: 2 cells failed") || !strings.Contains(err.Error(), failed) {
		t.Errorf("run error = %v, want one that names %s in round 1", err, failed)
	}
	if !strings.Contains(stderr.String(), "the fake fails this cell") {
		t.Errorf("stderr does not show the refusal:\n%s", stderr.String())
	}
	noResults(t, o.results, false)
}

// TestCrashedCellIsNamed: a binary that dies, in a slice or in the gate,
// ends the run with one line that names the cell and gives the runtime's
// first line about the crash; the runtime's report is shown and no result
// is left.
func TestCrashedCellIsNamed(t *testing.T) {
	for _, tt := range []struct{ mode, want string }{
		{"panic", " panicked: the fake panics; nothing written"},
		{"overflow", " crashed: fatal error: stack overflow; nothing written"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			o := tinyRun(t.TempDir())
			fakeRun(t, tt.mode, &o)
			var stderr bytes.Buffer
			err := run(context.Background(), o, &stderr)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "op=") || strings.Contains(err.Error(), "\n") {
				t.Errorf("run error = %v, want one line naming a cell with %q", err, tt.want)
			}
			if !strings.Contains(stderr.String(), "\ngoroutine 1 ") {
				t.Errorf("stderr does not show the runtime's report:\n%s", stderr.String())
			}
			noResults(t, o.results, false)
		})
	}
}

// TestInterruptedRunLeavesNoResult cancels a run while its binary waits in
// a slice: nothing is renamed into place, the partial file is removed and
// the error says so. Were the run not stopped, the gate would hold it.
func TestInterruptedRunLeavesNoResult(t *testing.T) {
	o := tinyRun(t.TempDir())
	dir := fakeRun(t, "gate", &o)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errc := make(chan error)
	go func() { errc <- run(ctx, o, io.Discard) }()
	waitFile(t, dir, "waiting.pid")
	cancel()
	err := <-errc
	release(dir)
	if err == nil || !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), "nothing written") {
		t.Fatalf("run error = %v, want an interruption that wrote nothing", err)
	}
	noResults(t, o.results, false)
}

// TestRunRejectsEmptySelections: a selection that names an unknown codec or
// fixture, or whose codecs implement none of its operations, gets one line
// that says why.
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
		o := tinyRun(t.TempDir())
		o.sel = tt.sel
		if err := run(context.Background(), o, io.Discard); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("run(%v) = %v, want %q", tt.sel, err, tt.want)
		}
	}
}
