package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestRealValgrind builds the benchmark binary and counts one small cell,
// with the noop and floor cells the runner adds, under the real valgrind.
// It skips when valgrind is missing, except in CI, which installs it.
func TestRealValgrind(t *testing.T) {
	if _, err := exec.LookPath(defaultValgrind); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("valgrind is not installed, and CI installs it")
		}
		t.Skip("valgrind is not installed")
	}
	o := options{
		sel:      rawfmt.Selection{Codecs: "goccy", Ops: "decode-struct", Fixtures: "fields-0005"},
		parallel: 2,
		target:   20_000_000,
		valgrind: defaultValgrind,
		results:  t.TempDir(),
	}
	if err := run(context.Background(), o, io.Discard); err != nil {
		t.Fatal(err)
	}
	config, results := readRaw(t, o.results)
	if !strings.HasPrefix(config[keyValgrind], "valgrind-") {
		t.Errorf("valgrind version %q", config[keyValgrind])
	}
	figures := map[string]float64{}
	for _, res := range results {
		c, _ := rawfmt.ParseCell(res.Name)
		figures[c.Codec], _ = value(res, rawfmt.UnitInstr)
	}
	// goccy decodes this 5-field document in about 4000 instructions; the
	// floor reads its 140 bytes in about a hundred; the noop loop takes a
	// few dozen.
	noop, floor, goccy := figures[rawfmt.Noop], figures[rawfmt.Floor], figures["goccy"]
	if len(figures) != 3 || !(0 < noop && noop < floor && floor < goccy && goccy < 40_000) {
		t.Errorf("figures %v, want 0 < noop < floor < goccy < 40000", figures)
	}
}
