package cpuprofile

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/cpuprofile/profiletest"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
)

// A cellCost is one cell of a synthetic reference run.
type cellCost struct {
	op, doc, codec string
	ns, bytes      float64
}

// refCells: jsoniter-std decodes the full document in 0.8 of encoding/json's time but three times its
// bytes, and encodes in half its time; goccy decodes the full document in half encoding/json's time and half its bytes, encodes
// the 5-field one in a quarter of its time but twice its bytes; the filtered document decodes in a
// tenth of the full one's time and bytes, for encoding/json and for goccy. The documents are 20 000 and 2 000 bytes.
var refCells = []cellCost{
	{"decode-struct", "es-hits-10-full", rawfmt.Base, 10000, 10000},
	{"decode-struct", "es-hits-10-full", "goccy", 5000, 5000},
	{"encode-struct", "es-hits-10-source5", rawfmt.Base, 4000, 1000},
	{"encode-struct", "es-hits-10-source5", "goccy", 1000, 2000},
	{"decode-struct", "es-hits-10-source5", rawfmt.Base, 1000, 1000},
	{"decode-struct", "es-hits-10-source5", "goccy", 500, 500},
	{"encode-struct", "es-hits-10-full", rawfmt.Base, 8000, 2000}, // the anchor of the encode base
	{"decode-struct", "es-hits-10-full", "jsoniter-std", 8000, 30000},
	{"encode-struct", "es-hits-10-source5", "jsoniter-std", 2000, 1000},
}

// refRun writes a run of refCells, six rounds alike: by the paired meter with a collection of a
// 100 MB live heap costing 100 ms (1 ns per allocated byte), or by the older meter.
func refRun(t *testing.T, paired bool) *load.Run {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: linux-amd64-test\n%s: go1.27.3\ncodec-encoding-json: std@go1.27.3 std v2-engine\ncodec-goccy: github.com/goccy/go-json@v0.12.0 std native\ncodec-jsoniter-std: github.com/json-iterator/go@v1.1.12 near-std native\n", rawfmt.KeyMachine, rawfmt.KeyGo)
	if paired {
		fmt.Fprintf(&b, "%s: %s\n%s: 6\n%s: es-hits-10-full\n%s: 64MiB\n", rawfmt.KeyMeter, rawfmt.MeterPaired, rawfmt.KeyRounds, rawfmt.KeyAnchor, rawfmt.KeyGCHeap)
	}
	size := map[string]string{"es-hits-10-full": "20000", "es-hits-10-source5": "2000"}
	for round := 1; round <= 6; round++ {
		if paired {
			fmt.Fprintf(&b, "%s: %d\n%s: %d\n%s\t1\t1e+08 %s\t1e+08 %s\n", rawfmt.KeyLayout, round%2+1, rawfmt.KeyRound, round, rawfmt.GCName("64MiB"), rawfmt.UnitCycleNs, rawfmt.UnitLive)
		}
		for _, c := range refCells {
			cell := rawfmt.Cell{Op: c.op, Fixture: c.doc, Codec: c.codec}
			fmt.Fprintf(&b, "%s 100 %g ns/op %g B/op 10 allocs/op %s %s 10 fields/op", cell.Name(), c.ns, c.bytes, size[c.doc], rawfmt.UnitDocB)
			if paired {
				partner, unit := rawfmt.Partner(cell, "es-hits-10-full")
				for _, p := range refCells {
					if p.op == partner.Op && p.doc == partner.Fixture && p.codec == partner.Codec {
						fmt.Fprintf(&b, " %g %s", p.ns, unit)
					}
				}
			}
			b.WriteString("\n")
		}
	}
	return loadtest.Load(t, rawfmt.KindFull, b.String())
}

// knownShares: 60% of the profile decodes, 10% encodes, 20% is GC and 5% reads HTTP bodies.
var knownShares = Shares{exact(0.6), exact(0.1), exact(0.2), exact(0.05), exact(1)}

// TestSavings checks the figures of a known profile against a known run, part by part. Switching to
// goccy saves 0.6·(1−½) + 0.1·(1−¼) = 37.5% in JSON. Its GC part, from the run's 1 ns per byte, is
// 0.6·(10000−5000)/10000 + 0.1·(1000−2000)/4000 = 27.5%; from the program's own allocation (half of it
// in the decode, a tenth in the encode) 0.2·(0.5·(1−½) + 0.1·(1−2)) = 3%. Filtering saves 0.6·(1−1/10)
// = 54% in JSON, 0.6·(10000−1000)/10000 = 54% or 0.2·0.5·(1−1/10) = 9% in GC, and 0.05·(1−1/10) = 4.5%
// of body reads.
func TestSavings(t *testing.T) {
	own := Alloc{exact(0.5), exact(0.1)}
	tests := []struct {
		name                      string
		paired                    bool
		alloc                     Alloc
		json, gc, total           float64 // of the switch; gc NaN when not counted
		bound                     int
		fJSON, fGC, fBody, fTotal float64 // of filtering
		fBound                    int
	}{
		{"the run's GC", true, Alloc{}, 0.375, 0.275, 0.65, 0, 0.54, 0.54, 0.045, 1.125, 0},
		{"the program's own GC", true, own, 0.375, 0.03, 0.405, 0, 0.54, 0.09, 0.045, 0.675, 0},
		{"the older meter, own GC", false, own, 0.375, 0.03, 0.405, 0, 0.54, 0.09, 0.045, 0.675, 0},
		{"no GC: a lower bound, goccy allocating less", false, Alloc{}, 0.375, math.NaN(), 0.375, -1, 0.54, math.NaN(), 0.045, 0.585, -1},
	}
	near := func(got, want float64) bool { return math.IsNaN(want) && math.IsNaN(got) || math.Abs(got-want) < 1e-9 }
	for _, tt := range tests {
		r := refRun(t, tt.paired)
		sw := Switches(knownShares, tt.alloc, r, rawfmt.Base, "es-hits-10-full", "es-hits-10-source5")
		if len(sw) != 2 || sw[0].Codec.Name != "goccy" || sw[1].Codec.Name != "jsoniter-std" {
			t.Fatalf("%s: switches %+v, want goccy's, then jsoniter-std's", tt.name, sw)
		}
		s := sw[0]
		// 0.6·(1−0.8) + 0.1·(1−½) in JSON; without GC, an upper bound: it would allocate more.
		if j := sw[1]; !near(j.JSON.V, 0.17) || !tt.alloc.Decode.Known() && !tt.paired && j.Bound != +1 {
			t.Errorf("%s: jsoniter-std saves %g in JSON, bound %d; want 0.17, +1 without GC", tt.name, j.JSON.V, j.Bound)
		}
		if !near(s.Decode.V, 0.5) || !near(s.Encode.V, 0.25) || !near(s.JSON.V, tt.json) || !near(s.GC.V, tt.gc) || !near(s.Total.V, tt.total) || s.Bound != tt.bound {
			t.Errorf("%s: switch ratios %g, %g, saving JSON %g, GC %g, total %g, bound %d; want 0.5, 0.25, %g, %g, %g, %d",
				tt.name, s.Decode.V, s.Encode.V, s.JSON.V, s.GC.V, s.Total.V, s.Bound, tt.json, tt.gc, tt.total, tt.bound)
		}
		f, ok := Filtering(knownShares, tt.alloc, r, rawfmt.Base, "es-hits-10-full", "es-hits-10-source5")
		if !ok || !near(f.Ratio.V, 0.1) || !near(f.JSON.V, tt.fJSON) || !near(f.GC.V, tt.fGC) || !near(f.Body.V, tt.fBody) || !near(f.Total.V, tt.fTotal) || f.Bound != tt.fBound {
			t.Errorf("%s: filtering %t, ratio %g, JSON %g, GC %g, body %g, total %g, bound %d; want 0.1, %g, %g, %g, %g, %d",
				tt.name, ok, f.Ratio.V, f.JSON.V, f.GC.V, f.Body.V, f.Total.V, f.Bound, tt.fJSON, tt.fGC, tt.fBody, tt.fTotal, tt.fBound)
		}
	}
}

// TestSharesOf checks the shares of a profile and that their intervals are its sampling error: a share
// p of n samples has a 95% half-width of about 1.96·√(p(1−p)/n).
func TestSharesOf(t *testing.T) {
	for _, n := range []int64{62, 1000} {
		dec, gc := n/2, n/5
		p := profiletest.Synthetic([][]string{
			stack("encoding/json.Unmarshal main.a"), stack("runtime.gcBgMarkWorker"),
			stack("syscall.read net/http.(*body).Read main.a"), stack("main.a"),
		}, []int64{dec * 1e7, gc * 1e7, 5e7, (n - dec - gc - 5) * 1e7})
		b := NewTable(codecLines).Attribute(p, nil)
		sh := SharesOf(b, b.Codecs[0])
		if b.Samples() != float64(n) || sh.Decode.Point != 0.5 || sh.GC.Point != float64(gc)/float64(n) || sh.Body.Point != 5/float64(n) || sh.Encode.Point != 0 {
			t.Fatalf("%d samples: %g samples, shares %g, %g, %g, %g", n, b.Samples(), sh.Decode.Point, sh.Encode.Point, sh.GC.Point, sh.Body.Point)
		}
		e := sh.Decode.Estimate()
		want := 1.96 * math.Sqrt(0.25/float64(n))
		if half := (e.Hi - e.Lo) / 2; math.Abs(half-want) > 0.15*want {
			t.Errorf("%d samples: the decode share's half-width is %.3f, want %.3f within 15%%", n, half, want)
		}
	}
}

// TestHeapShares checks that a heap profile's allocation is attributed as a CPU profile's time is, and
// that a CPU profile is refused as a heap profile.
func TestHeapShares(t *testing.T) {
	heap := profiletest.Synthetic([][]string{
		stack("runtime.mallocgc encoding/json.(*decodeState).object encoding/json.Unmarshal main.a"),
		stack("runtime.mallocgc encoding/json.Marshal main.a"),
		stack("runtime.mallocgc bytes.growSlice main.a"),
	}, []int64{500, 100, 400})
	heap.SampleType = []*profile.ValueType{{Type: "alloc_objects", Unit: "count"}, {Type: AllocSpace, Unit: "bytes"}, {Type: "inuse_space", Unit: "bytes"}}
	heap.PeriodType = &profile.ValueType{Type: "space", Unit: "bytes"}
	for _, s := range heap.Sample {
		s.Value = append(s.Value, 0)
	}
	hp, err := ReadHeap(encode(t, heap))
	if err != nil {
		t.Fatal(err)
	}
	h := NewTable(codecLines).Attribute(hp, nil)
	a := Basis{Heap: &h}.AllocOf(h.Codecs[0])
	if a.Decode.Point != 0.5 || a.Encode.Point != 0.1 {
		t.Errorf("allocation shares %g, %g; want 0.5, 0.1", a.Decode.Point, a.Encode.Point)
	}
	cpu := profiletest.Synthetic([][]string{stack("main.a")}, []int64{1})
	if _, err := ReadHeap(encode(t, cpu)); err == nil || !strings.Contains(err.Error(), "not a heap profile") {
		t.Errorf("a CPU profile as HEAP: error %v", err)
	}
}

// TestSpanning checks that a saving on documents standing in for the program's reaches from its
// total with GC to its total without: TestSavings's switch to goccy, 65% with GC and 37.5% without,
// and its filtering, 112.5% and 58.5%; a saving without a GC part is left as it is.
func TestSpanning(t *testing.T) {
	tests := []struct {
		name         string
		paired       bool
		withGC, noGC float64 // the switch's; NaN withGC for none
		fWith, fNo   float64 // filtering's
	}{
		{"the run's GC", true, 0.65, 0.375, 1.125, 0.585},
		{"no GC", false, math.NaN(), 0.375, math.NaN(), 0.585},
	}
	for _, tt := range tests {
		r := refRun(t, tt.paired)
		sw := Switches(knownShares, Alloc{}, r, rawfmt.Base, "es-hits-10-full", "es-hits-10-source5")
		f, ok := Filtering(knownShares, Alloc{}, r, rawfmt.Base, "es-hits-10-full", "es-hits-10-source5")
		if len(sw) == 0 || !ok {
			t.Fatalf("%s: no switch or filtering", tt.name)
		}
		for _, c := range []struct {
			what      string
			s         Saving
			with, not float64
		}{{"switch", sw[0].Saving, tt.withGC, tt.noGC}, {"filtering", f.Saving, tt.fWith, tt.fNo}} {
			got := c.s.Spanning().Total
			if math.IsNaN(c.with) {
				if got != c.s.Total || math.Abs(got.V-c.not) > 1e-9 {
					t.Errorf("%s: %s spanning %+v, want it unchanged at %g", tt.name, c.what, got, c.not)
				}
				continue
			}
			if math.Abs(got.V-c.with) > 1e-9 || !got.HasCI || got.Lo > c.not+1e-9 || got.Hi < c.with-1e-9 {
				t.Errorf("%s: %s spanning %+v, want %g with an interval reaching %g", tt.name, c.what, got, c.with, c.not)
			}
		}
	}
}
