package jsoncost

import (
	"flag"
	"fmt"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// current holds the gate inputs of the entry being measured only: a round
// runs entry by entry (see order), and references kept live from earlier
// entries would be marked by every collection inside a timed loop.
var current struct {
	sync.Mutex
	entry *fixtures.Entry
	ins   []codecs.Input
}

// inputs returns the gate's and the benchmark's input for each sample of e.
func inputs(e *fixtures.Entry) ([]codecs.Input, error) {
	if len(e.Samples) == 0 {
		return nil, fmt.Errorf("%s: no samples", e.Name)
	}
	current.Lock()
	defer current.Unlock()
	if current.entry != e {
		current.entry, current.ins = e, make([]codecs.Input, len(e.Samples))
		for i, s := range e.Samples {
			current.ins[i] = codecs.NewInput(s.Doc, e.New, e.NewProj, s.Get5)
		}
	}
	return current.ins, nil
}

// check is the correctness gate; a test replaces it to see that every cell
// consults it.
var check = codecs.Check

// gate checks the cell on every sample; when named, a failure names its sample.
func gate(cell Cell, named bool) ([]codecs.Input, error) {
	ins, err := inputs(cell.Fixture)
	for i := 0; err == nil && i < len(ins); i++ {
		if err = check(cell.Codec, cell.Op, ins[i]); err != nil && named {
			err = fmt.Errorf("sample %d: %w", i+1, err)
		}
	}
	return ins, err
}

// Prepare checks the cell with the correctness gate and returns its timed
// loop, each iteration of which takes the next sample and decodes into a
// fresh target. Everything else is done before timing: the inputs, the
// values encoders are handed, the compiled get5 paths, the codec's warm-up
// (sonic's Pretouch); the gate's calls warm the operation.
func Prepare(cell Cell) (func(b *testing.B) error, error) {
	if cell.Floor() {
		f, err := newFloor(cell)
		if err != nil {
			return nil, err
		}
		return f.loop, nil
	}
	c, op, e := cell.Codec, cell.Op, cell.Fixture
	for _, newV := range []func() any{e.New, e.NewProj, codecs.NewMap} {
		if c.Warmup != nil && newV != nil {
			if err := c.Warmup(newV()); err != nil {
				return nil, fmt.Errorf("%s: warm-up: %w", cell, err)
			}
		}
	}
	ins, err := gate(cell, len(e.Samples) > 1)
	if err != nil {
		return nil, err
	}
	n, newValue := len(ins), ins[0].Target(op)
	docs, values, gets := make([][]byte, n), make([]any, n), make([]func([]byte) ([][]byte, error), n)
	for i, in := range ins {
		docs[i] = in.Doc
		switch op {
		case codecs.EncodeStruct, codecs.EncodeMap:
			if values[i], _, err = codecs.Encoded(in, op); err != nil {
				return nil, fmt.Errorf("%s: %w", cell, err)
			}
		case codecs.Get5:
			gets[i] = c.Get(in.Paths)
		}
	}
	switch op {
	case codecs.DecodeStruct, codecs.DecodeMap, codecs.DecodeProj:
		return func(b *testing.B) error {
			for i := 0; b.Loop(); i++ {
				if i == n {
					i = 0
				}
				if err := c.Unmarshal(docs[i], newValue()); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.EncodeStruct, codecs.EncodeMap:
		return func(b *testing.B) error {
			for i := 0; b.Loop(); i++ {
				if i == n {
					i = 0
				}
				if _, err := c.Marshal(values[i]); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.Roundtrip:
		return func(b *testing.B) error {
			for i := 0; b.Loop(); i++ {
				if i == n {
					i = 0
				}
				v := newValue()
				if err := c.Unmarshal(docs[i], v); err != nil {
					return err
				}
				if _, err := c.Marshal(v); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.Get5:
		return func(b *testing.B) error {
			for i := 0; b.Loop(); i++ {
				if i == n {
					i = 0
				}
				if _, err := gets[i](docs[i]); err != nil {
					return err
				}
			}
			return nil
		}, nil
	}
	return nil, fmt.Errorf("%s: unknown operation", cell)
}

// Run runs the cells as sub-benchmarks of b named after them, in the order
// of seed and round (see order); a cell that fails the gate is never timed.
func Run(b *testing.B, cells []Cell, seed uint64, round int) {
	refuseRace(b)
	for _, cell := range order(cells, seed, round) {
		b.Run(cell.String(), func(b *testing.B) { benchCell(b, cell) })
	}
}

// refuseRace stops a benchmark built with the race detector.
func refuseRace(b *testing.B) {
	if codecs.RaceEnabled {
		b.Fatal("refusing to benchmark a -race build: the race detector slows every codec differently (sonic even falls back to encoding/json under it)")
	}
}

// benchCell gates the cell, then times it.
func benchCell(b *testing.B, cell Cell) {
	loop, err := Prepare(cell)
	if err != nil {
		b.Fatal(err)
	}
	measure(b, loop, cell.Fixture.Fields, cell.Fixture.Bytes)
}

// nothing is a codec that does no work: the noop cell times what wraps
// every codec call, the loop and the call through a function value.
var nothing = &codecs.Codec{Unmarshal: func([]byte, any) error { return nil }}

// benchNoop times a decoder's loop over one sample around a call to nothing.
func benchNoop(b *testing.B) {
	docs := [][]byte{nil}
	n := len(docs)
	measure(b, func(b *testing.B) error {
		for i := 0; b.Loop(); i++ {
			if i == n {
				i = 0
			}
			if err := nothing.Unmarshal(docs[i], nil); err != nil {
				return err
			}
		}
		return nil
	}, 1, 0)
}

// measure runs a timed loop and reports the per-document metrics the report
// reads: fields/op, doc-B/op (and MB/s), ns/field.
func measure(b *testing.B, loop func(*testing.B) error, fields, size float64) {
	b.SetBytes(int64(size + 0.5))
	b.ReportAllocs()
	if err := loop(b); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/fields, rawfmt.UnitNsField)
	b.ReportMetric(fields, rawfmt.UnitFields)
	b.ReportMetric(size, rawfmt.UnitDocB)
}

// runMain runs m, first printing, when it benchmarks, benchfmt configuration
// lines of sonic's engine and the race detector. The flags must be parsed.
func runMain(m *testing.M) int {
	if flag.Lookup("test.bench").Value.String() != "" {
		if sonic, err := codecs.Lookup("sonic-std"); err == nil {
			fmt.Printf("%s: %s\n", rawfmt.KeySonicEngine, sonic.EngineName())
		}
		if std, err := codecs.Lookup(rawfmt.Base); err == nil {
			fmt.Printf("%s: %s\n", rawfmt.KeyStdEngine, std.EngineName())
		}
		fmt.Printf("%s: %t\n", rawfmt.KeyRace, codecs.RaceEnabled)
	}
	return m.Run()
}
