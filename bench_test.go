package jsoncost

import (
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

var (
	sel       rawfmt.Selection
	seedFlag  = flag.Uint64(rawfmt.BinarySeedFlag, 0, "when non-zero, shuffle the order of cells with this seed")
	roundFlag = flag.Int(rawfmt.BinaryRoundFlag, 1, "the run of the binary this is within the run, which picks its permutation of the seed")
)

func init() { sel.RegisterFlags(flag.CommandLine, rawfmt.BinaryFlagPrefix) }

// TestMain records, as benchfmt configuration lines ahead of the results,
// what the process that times the cells runs: sonic's engine and whether
// the race detector is on.
func TestMain(m *testing.M) {
	flag.Parse()
	if flag.Lookup("test.bench").Value.String() != "" {
		if sonic, err := codecs.Lookup("sonic-std"); err == nil {
			fmt.Printf("%s: %s\n", rawfmt.KeySonicEngine, sonic.EngineName())
		}
		fmt.Printf("%s: %t\n", rawfmt.KeyRace, codecs.RaceEnabled)
	}
	os.Exit(m.Run())
}

// BenchmarkCodec runs the selected matrix as
// BenchmarkCodec/op=<op>/fixture=<fixture>/codec=<codec>, first the
// harness's own cost as op=noop/fixture=fields-0001/codec=noop, then the
// cells in the order of the seed and round (see order).
func BenchmarkCodec(b *testing.B) {
	if codecs.RaceEnabled {
		b.Fatal("refusing to benchmark a -race build: the race detector slows every codec differently (sonic even falls back to encoding/json under it)")
	}
	cells, _, err := Matrix(sel)
	if err != nil {
		b.Fatal(err)
	}
	b.Run(rawfmt.NoopCell.Sub(), benchNoop)
	for _, cell := range order(cells, *seedFlag, *roundFlag) {
		b.Run(cell.String(), func(b *testing.B) { benchCell(b, cell) })
	}
}

// order returns cells in the order one round runs them. With seed 0 it is
// the matrix order. Otherwise the operations are shuffled, the fixtures
// within each operation and the codecs within each fixture, each list with
// its own permutation drawn from the seed, the round and the list's parent:
// no codec always follows the same neighbour, no two fixtures share one
// codec order, and a run is replayed from its seed.
func order(cells []Cell, seed uint64, round int) []Cell {
	var out []Cell
	byOp := groupBy(cells, func(c Cell) string { return string(c.Op) })
	shuffle(byOp, seed, round, "")
	for _, opCells := range byOp {
		byFixture := groupBy(opCells, func(c Cell) string { return c.Fixture.Name })
		shuffle(byFixture, seed, round, string(opCells[0].Op))
		for _, fixCells := range byFixture {
			shuffle(fixCells, seed, round, string(fixCells[0].Op)+"/"+fixCells[0].Fixture.Name)
			out = append(out, fixCells...)
		}
	}
	return out
}

// groupBy splits cells into runs that share key, in first-appearance order.
func groupBy(cells []Cell, key func(Cell) string) [][]Cell {
	var out [][]Cell
	var keys []string
	for _, c := range cells {
		k := key(c)
		i := slices.Index(keys, k)
		if i < 0 {
			i = len(out)
			keys = append(keys, k)
			out = append(out, nil)
		}
		out[i] = append(out[i], c)
	}
	return out
}

// shuffle permutes list with a generator drawn from seed, round and parent;
// seed 0 leaves it alone.
func shuffle[T any](list []T, seed uint64, round int, parent string) {
	if seed == 0 {
		return
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s", round, parent)
	r := rand.New(rand.NewPCG(seed, h.Sum64()))
	r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
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
	b.ReportMetric(ns/float64(fields), rawfmt.UnitNsField)
	b.ReportMetric(float64(fields), rawfmt.UnitFields)
	b.ReportMetric(float64(size), rawfmt.UnitDocB)
}
