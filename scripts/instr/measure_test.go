package main

import (
	"context"
	"math"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

func TestChooseN1(t *testing.T) {
	tests := []struct {
		name         string
		perOp, bytes float64
		target, want int
		capped       bool
	}{
		{"exact", 4000, 88, 200_000_000, 50_000, false},
		{"rounded up to two digits", 4093, 88, 200_000_000, 49_000, false},
		{"small count", 30_000_000, 0, 200_000_000, 7, false},
		{"at least one", 1e12, 0, 200_000_000, 1, false},
		{"noop", 22, 0, 200_000_000, 9_100_000, false},
		{"heap limit", 9886, 40960, 200_000_000, heapLimit / 40960 / ratio, true},
		{"heap limit at least one", 1e6, 1 << 30, 200_000_000, 1, true},
		{"no estimate", 0, 0, 1000, 1000, false},
	}
	for _, tt := range tests {
		got, capped := chooseN1(tt.perOp, tt.bytes, tt.target)
		if got != tt.want || capped != tt.capped {
			t.Errorf("%s: chooseN1(%v, %v, %d) = %d, %t; want %d, %t", tt.name, tt.perOp, tt.bytes, tt.target, got, capped, tt.want, tt.capped)
		}
		if !capped && got > 1 && tt.perOp >= 1 && float64(got)*tt.perOp < float64(tt.target) {
			t.Errorf("%s: N1 = %d runs %v instructions, short of %d", tt.name, got, float64(got)*tt.perOp, tt.target)
		}
	}
}

func TestRoundUp2(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 1, 99: 99, 100: 100, 101: 110, 48731: 49000, 9_090_910: 9_100_000, 1_000_000: 1_000_000} {
		if got := roundUp2(n); got != want {
			t.Errorf("roundUp2(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestRates(t *testing.T) {
	var r rates
	goccyMap := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0005", Codec: "goccy"}
	goccyStruct := rawfmt.Cell{Op: "decode-struct", Fixture: "fields-0005", Codec: "goccy"}
	other := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0005", Codec: "json-v2"}
	if got := r.estimate(goccyMap, timing{ns: 100}); got != 100*firstRate {
		t.Errorf("first estimate = %v, want %v", got, 100*firstRate)
	}
	for _, rate := range []float64{14, 2, 15} { // the median, 14, resists the outlier
		r.learn(goccyMap, timing{ns: 100}, 100*rate)
	}
	r.learn(goccyStruct, timing{ns: 100}, 100*5)
	tests := []struct {
		cell rawfmt.Cell
		want float64
	}{
		{goccyMap, 140},         // the median of its codec and operation
		{goccyStruct, 50},       // its own operation's
		{other, 10 * firstRate}, // nothing of its codec yet
		{rawfmt.Cell{Op: "encode-struct", Fixture: "fields-0005", Codec: "goccy"}, 140}, // the codec's median, of 14, 2, 15 and 5
	}
	for _, tt := range tests {
		if got := r.estimate(tt.cell, timing{ns: 10}); got != tt.want {
			t.Errorf("estimate(%s) = %v, want %v", tt.cell, got, tt.want)
		}
	}
}

func TestSettledMedian(t *testing.T) {
	tests := []struct {
		figures []float64
		settled bool
		median  float64
	}{
		{[]float64{1000}, false, 1000},
		{[]float64{1000, 1000.5}, true, 1000.25},
		{[]float64{1000, 1002}, false, 1001},
		{[]float64{1002, 1000, 1000.9}, true, 1000.9},
		{[]float64{1000, 1010, 1005, 995}, false, 1002.5},
	}
	for _, tt := range tests {
		if got := settled(tt.figures); got != tt.settled {
			t.Errorf("settled(%v) = %t, want %t", tt.figures, got, tt.settled)
		}
		if got := median(tt.figures); got != tt.median {
			t.Errorf("median(%v) = %v, want %v", tt.figures, got, tt.median)
		}
	}
}

// TestTimeCell: the native pass takes a cell's ns/op from its fastest slice
// long enough to time, whatever slowed the others, and its B/op.
func TestTimeCell(t *testing.T) {
	cell := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0001", Codec: "goccy"}
	fast := float64(fakePerOp(cell)) / fakeRate
	tests := []struct {
		mode string
		ns   float64
	}{
		{"ok", fast},
		{"noisy-native", fast},
		{"slow-native", 1000 * fast},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			t.Setenv(fakeEnv, tt.mode)
			t.Setenv(dirEnv, t.TempDir())
			s, err := runner.Binary{Path: testBinary(t)}.Start(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			got, err := timeCell(s, cell)
			if err != nil || math.Abs(got.ns-tt.ns) > tt.ns/1000 || got.bytes != 100 {
				t.Errorf("timeCell = %+v, %v; want %v ns/op and 100 B/op", got, err, tt.ns)
			}
		})
	}
}
