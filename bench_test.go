package jsoncost

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

var (
	codecsFlag   = flag.String("jsoncost.codecs", "", "codecs to run: names or patterns, comma-separated")
	opsFlag      = flag.String("jsoncost.ops", "", "operations to run: names or patterns, comma-separated")
	fixturesFlag = flag.String("jsoncost.fixtures", "", "fixtures to run: names or patterns, comma-separated")
	seedFlag     = flag.Uint64("jsoncost.seed", 0, "when non-zero, shuffle the order of cells with this seed")
)

// TestMain records, as benchfmt configuration lines ahead of the results,
// what the process that times the cells runs: sonic's engine and whether
// the race detector is on.
func TestMain(m *testing.M) {
	flag.Parse()
	if flag.Lookup("test.bench").Value.String() != "" {
		if sonic, err := codecs.Lookup("sonic-std"); err == nil {
			fmt.Printf("sonic-engine: %s\n", sonic.EngineName())
		}
		fmt.Printf("race: %t\n", codecs.RaceEnabled)
	}
	os.Exit(m.Run())
}

func selection() Selection {
	return Selection{Codecs: *codecsFlag, Ops: *opsFlag, Fixtures: *fixturesFlag}
}

// BenchmarkCodec runs the selected matrix as
// BenchmarkCodec/op=<op>/fixture=<fixture>/codec=<codec>, plus the harness's
// own cost as op=noop/fixture=fields-0001/codec=noop. With -jsoncost.seed the
// order of operations, fixtures and codecs is shuffled, so that in repeated
// rounds no codec always runs right after the same neighbour.
func BenchmarkCodec(b *testing.B) {
	if codecs.RaceEnabled {
		b.Fatal("refusing to benchmark a -race build: the race detector slows every codec differently (sonic even falls back to encoding/json under it)")
	}
	cells, _, err := Matrix(selection())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("op=noop/fixture=fields-0001/codec=noop", benchNoop)
	for _, op := range group(cells, func(c Cell) string { return string(c.Op) }) {
		b.Run("op="+string(op[0].Op), func(b *testing.B) {
			for _, fix := range group(op, func(c Cell) string { return c.Fixture.Name }) {
				b.Run("fixture="+fix[0].Fixture.Name, func(b *testing.B) {
					for _, cell := range group(fix, func(c Cell) string { return c.Codec.Name }) {
						b.Run("codec="+cell[0].Codec.Name, func(b *testing.B) { benchCell(b, cell[0]) })
					}
				})
			}
		})
	}
}

// group splits cells into runs that share key, in first-appearance order,
// shuffled when a seed is set.
func group(cells []Cell, key func(Cell) string) [][]Cell {
	var out [][]Cell
	index := map[string]int{}
	for _, c := range cells {
		k := key(c)
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], c)
	}
	if *seedFlag != 0 {
		r := rand.New(rand.NewPCG(*seedFlag, uint64(len(cells))))
		r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	return out
}

// benchCell gates the cell, then times it; a cell that fails the gate is
// reported as a failure and never timed.
func benchCell(b *testing.B, cell Cell) {
	loop, err := Prepare(cell)
	if err != nil {
		b.Fatal(err)
	}
	doc, err := cell.Fixture.Data()
	if err != nil {
		b.Fatal(err)
	}
	measure(b, loop, cell.Fixture.Fields, len(doc))
}

// nothing is a codec that does no work: the noop cell times what wraps
// every codec call, the loop and the call through a function value.
var nothing = &codecs.Codec{Unmarshal: func([]byte, any) error { return nil }}

func benchNoop(b *testing.B) {
	measure(b, func(b *testing.B) error {
		for b.Loop() {
			if err := nothing.Unmarshal(nil, nil); err != nil {
				return err
			}
		}
		return nil
	}, 1, 0)
}

// measure runs a timed loop and reports the constant per-document metrics
// the report reads: fields/op, doc-B/op (and MB/s), ns/field.
func measure(b *testing.B, loop func(*testing.B) error, fields, size int) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	if err := loop(b); err != nil {
		b.Fatal(err)
	}
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(ns/float64(fields), "ns/field")
	b.ReportMetric(float64(fields), "fields/op")
	b.ReportMetric(float64(size), "doc-B/op")
}
