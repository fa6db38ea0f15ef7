package harness

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Bench runs, as sub-benchmarks of b named after their cells, every cell
// of s but those -doc.skip names, in the order of -doc.seed and -doc.round.
func Bench(b *testing.B, s *Spec) {
	if codecs.RaceEnabled {
		b.Fatal("refusing to benchmark a -race build: the race detector slows every codec differently")
	}
	cells, err := s.cells()
	if err != nil {
		b.Fatal(err)
	}
	skip := strings.Split(*skipFlag, ",")
	cells = slices.DeleteFunc(cells, func(c *cell) bool { return slices.Contains(skip, c.name.Sub()) })
	shuffle(cells, *seedFlag, *roundFlag)
	for _, c := range cells {
		b.Run(c.name.Sub(), func(b *testing.B) {
			loop, err := c.prepare()
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(c.bytes + 0.5))
			b.ReportAllocs()
			if err := loop(b); err != nil {
				b.Fatal(err)
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/c.fields, rawfmt.UnitNsField)
			b.ReportMetric(c.fields, rawfmt.UnitFields)
			b.ReportMetric(c.bytes, rawfmt.UnitDocB)
		})
	}
}

// shuffle permutes cells with a generator drawn from seed and round; seed
// 0 leaves them alone.
func shuffle(cells []*cell, seed uint64, round int) {
	if seed == 0 {
		return
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "round %d", round)
	r := rand.New(rand.NewPCG(seed, h.Sum64()))
	r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
}

// prepare warms the codec up, checks the cell with the gate once more (a
// cell that fails is never timed) and returns its timed loop, which
// handles the cell's samples in turn, a fresh target for every decode.
// Everything an iteration needs is built here, before timing.
func (c *cell) prepare() (func(b *testing.B) error, error) {
	in0 := c.inputs[0]
	newValue := in0.Target(c.op)
	if c.codec.Warmup != nil {
		for _, newV := range []func() any{in0.New, in0.NewProj, codecs.NewMap} {
			if newV == nil {
				continue
			}
			if err := c.codec.Warmup(newV()); err != nil {
				return nil, fmt.Errorf("%s: warm-up: %w", c.name, err)
			}
		}
	}
	if err := c.gate(); err != nil {
		return nil, err
	}
	n := len(c.inputs)
	docs := make([][]byte, n)
	for i, in := range c.inputs {
		docs[i] = in.Doc
	}
	codec := c.codec
	switch c.op {
	case codecs.DecodeStruct, codecs.DecodeMap, codecs.DecodeProj:
		return func(b *testing.B) error {
			for i := 0; b.Loop(); i++ {
				if i == n {
					i = 0
				}
				if err := codec.Unmarshal(docs[i], newValue()); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.EncodeStruct:
		values := make([]any, n)
		for i, in := range c.inputs {
			v, _, err := codecs.Encoded(in, c.op)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.name, err)
			}
			values[i] = v
		}
		return func(b *testing.B) error {
			for i := 0; b.Loop(); i++ {
				if i == n {
					i = 0
				}
				if _, err := codec.Marshal(values[i]); err != nil {
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
				if err := codec.Unmarshal(docs[i], v); err != nil {
					return err
				}
				if _, err := codec.Marshal(v); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.Get5:
		gets := make([]func([]byte) ([][]byte, error), n)
		for i, in := range c.inputs {
			gets[i] = codec.Get(in.Paths)
		}
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
	return nil, fmt.Errorf("%s: unknown operation", c.name)
}
