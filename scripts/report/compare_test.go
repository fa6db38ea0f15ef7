package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// pairedRaw is a paired run of decode-map on two documents: encoding-json
// and fast, fast's slices fastRatio of its base's with 3% noise, every
// slice slow times as long as on the host at its usual speed, in 6 rounds
// on 2 layouts, 5 pairs each.
func pairedRaw(fastRatio, slow float64, seed uint64, goVersion string) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	noise := func() float64 { return slow * math.Exp(0.03*rng.NormFloat64()) }
	var b strings.Builder
	fmt.Fprintf(&b, "%s: linux-amd64-x\n%s: %s\n%s: %s\n%s: 6\n%s: %s\n", rawfmt.KeyMachine, rawfmt.KeyGo, goVersion, rawfmt.KeyMeter, rawfmt.MeterPaired,
		rawfmt.KeyRounds, rawfmt.KeyAnchor, rawfmt.Anchor)
	for round := 1; round <= 6; round++ {
		fmt.Fprintf(&b, "%s: %d\n%s: %d\n", rawfmt.KeyLayout, round%2+1, rawfmt.KeyRound, round)
		for _, f := range []string{"fields-0005", rawfmt.Anchor} {
			base := rawfmt.Cell{Op: "decode-map", Fixture: f, Codec: rawfmt.Base}
			fast := rawfmt.Cell{Op: "decode-map", Fixture: f, Codec: "fast"}
			for range 5 {
				fmt.Fprintf(&b, "%s 10 %g ns/op 100 B/op 1 allocs/op %g %s\n", base.Name(), 1000*noise(), 1000*noise(), rawfmt.UnitAnchorNs)
				fmt.Fprintf(&b, "%s 10 %g ns/op 50 B/op 1 allocs/op %g %s\n", fast.Name(), 1000*fastRatio*noise(), 1000*noise(), rawfmt.UnitBaseNs)
			}
		}
	}
	return b.String()
}

// compare runs make compare on two raw files of the given texts.
func compare(t *testing.T, old, new string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	paths := []string{filepath.Join(dir, "20261201T000000Z.txt"), filepath.Join(dir, "20261202T000000Z.txt")}
	for i, text := range []string{old, new} {
		if err := os.WriteFile(paths[i], []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	err := compareRuns(paths[0], paths[1], &out)
	if m := regexp.MustCompile(`old against new: (\S+)`).FindStringSubmatch(out.String()); m != nil {
		t.Cleanup(func() { os.Remove(m[1]) })
	}
	return out.String(), err
}

// TestCompareRatios: two paired runs are compared on each codec's ratio to
// its base: runs that agree overlap everywhere and list no change; a run
// in which fast got faster lists both its cells, and names its Go.
func TestCompareRatios(t *testing.T) {
	out, err := compare(t, pairedRaw(0.5, 1, 1, "go1.27.3"), pairedRaw(0.5, 1, 2, "go1.27.3"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2 cells compared on ratio to the base (0 only in OLD, 0 only in NEW).", "overlap in 100% of the cells.", "No cell changed beyond its interval.",
		"The host's speed, NEW against OLD: 1.00× (the bases' ns/op, geometric mean over 2 cells)."} {
		if !strings.Contains(out, want) {
			t.Errorf("agreeing runs: output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Note:") || strings.Contains(out, "apart") {
		t.Errorf("agreeing runs: a note of a difference:\n%s", out)
	}
	out, err = compare(t, pairedRaw(0.5, 1, 1, "go1.27.3"), pairedRaw(0.5, 1.6, 2, "go1.27.3"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The host's speed, NEW against OLD: 0.625×", "That is more than 1.15× apart"} {
		if !strings.Contains(out, want) {
			t.Errorf("a slower host: output lacks %q:\n%s", want, out)
		}
	}
	out, err = compare(t, pairedRaw(0.5, 1, 1, "go1.27.3"), pairedRaw(0.4, 1, 2, "go1.28.0"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go go1.27.3 → go1.28.0", "The median difference is 20%.", "2 cells changed beyond their intervals", "op=decode-map/fixture=fields-0005/codec=fast", "op=decode-map/fixture=fields-0050/codec=fast"} {
		if !strings.Contains(out, want) {
			t.Errorf("fast got faster: output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "The host's speed") {
		t.Errorf("runs of two toolchains: a host speed, which the toolchain changes too:\n%s", out)
	}
}

// TestCompareInstr: two instruction counts are compared on their exact
// figures and fail past 0.2% at the median or 1% in a cell.
func TestCompareInstr(t *testing.T) {
	counts := func(scale map[string]float64) string {
		var b strings.Builder
		fmt.Fprintf(&b, "Unit %s %s\n", rawfmt.UnitInstr, rawfmt.AssumeExact)
		for _, codec := range []string{rawfmt.Base, "a", "b", "c"} {
			for _, f := range []string{"fields-0005", "fields-0050"} {
				v := 1000 * scale[codec+"/"+f]
				if v == 0 {
					v = 1000
				}
				fmt.Fprintf(&b, "%s-1 1000 %g %s\n", rawfmt.Cell{Op: "decode-map", Fixture: f, Codec: codec}.Name(), v, rawfmt.UnitInstr)
			}
		}
		return b.String()
	}
	tests := []struct {
		scale map[string]float64
		want  string // "" for agreement
	}{
		{map[string]float64{"a/fields-0005": 1.001}, ""},
		{map[string]float64{"a/fields-0005": 1.02}, "1 cells differ by more than 1%: op=decode-map/fixture=fields-0005/codec=a"},
		{map[string]float64{"a/fields-0005": 1.005, "b/fields-0005": 1.005, "c/fields-0005": 1.005, "a/fields-0050": 1.005, "c/fields-0050": 1.005}, "the median relative difference 0.500% exceeds 0.2%"},
	}
	for _, tt := range tests {
		out, err := compare(t, counts(nil), counts(tt.scale))
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%v: %v, want %q\n%s", tt.scale, err, tt.want, out)
		}
		if !strings.Contains(out, "8 cells compared on "+rawfmt.UnitInstr) {
			t.Errorf("%v: output:\n%s", tt.scale, out)
		}
	}
}
