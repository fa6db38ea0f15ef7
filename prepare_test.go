package jsoncost

import (
	"fmt"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
)

// current holds the gate input of the fixture being measured. A round runs
// the cells fixture by fixture (see order), so this one entry still
// computes each reference once per fixture and operation, and the decoded
// references of the fixtures measured before do not stay live: if they
// did, every garbage collection inside a timed loop would mark them, and a
// cell's time would grow with the fixtures that happened to run before it.
var current struct {
	sync.Mutex
	name string
	in   codecs.Input
}

// input returns what the gate and the benchmark feed a codec for f.
func input(f *fixtures.Fixture) (codecs.Input, error) {
	current.Lock()
	defer current.Unlock()
	if current.name == f.Name {
		return current.in, nil
	}
	doc, err := f.Data()
	if err != nil {
		return codecs.Input{}, err
	}
	current.name, current.in = f.Name, codecs.NewInput(doc, f.New, f.NewProj, f.Get5)
	return current.in, nil
}

// check is the correctness gate; a test replaces it to see that every cell
// consults it.
var check = codecs.Check

// Prepare checks the cell with the correctness gate and returns its timed
// loop. Everything an iteration needs is built here, before timing: the
// input bytes, the value an encoder is handed, the compiled get5 paths, the
// codec's per-type warm-up (sonic's Pretouch). The gate's own calls are the
// untimed warm-up of the operation. An iteration decodes into a fresh target
// every time.
func Prepare(cell Cell) (func(b *testing.B) error, error) {
	in, err := input(cell.Fixture)
	if err != nil {
		return nil, err
	}
	if cell.Floor() {
		f, err := newFloor(cell, in)
		if err != nil {
			return nil, err
		}
		return f.loop, nil
	}
	c, op, doc := cell.Codec, cell.Op, in.Doc
	newValue := in.Target(op)
	if c.Warmup != nil {
		for _, newV := range []func() any{in.New, in.NewProj, codecs.NewMap} {
			if newV == nil {
				continue
			}
			if err := c.Warmup(newV()); err != nil {
				return nil, fmt.Errorf("%s: warm-up: %w", cell, err)
			}
		}
	}
	if err := check(c, op, in); err != nil {
		return nil, err
	}

	switch op {
	case codecs.DecodeStruct, codecs.DecodeMap, codecs.DecodeProj:
		return func(b *testing.B) error {
			for b.Loop() {
				if err := c.Unmarshal(doc, newValue()); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.EncodeStruct, codecs.EncodeMap:
		value, _, err := codecs.Encoded(in, op)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cell, err)
		}
		return func(b *testing.B) error {
			for b.Loop() {
				if _, err := c.Marshal(value); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.Roundtrip:
		return func(b *testing.B) error {
			for b.Loop() {
				v := newValue()
				if err := c.Unmarshal(doc, v); err != nil {
					return err
				}
				if _, err := c.Marshal(v); err != nil {
					return err
				}
			}
			return nil
		}, nil
	case codecs.Get5:
		get := c.Get(in.Paths)
		return func(b *testing.B) error {
			for b.Loop() {
				if _, err := get(doc); err != nil {
					return err
				}
			}
			return nil
		}, nil
	}
	return nil, fmt.Errorf("%s: unknown operation", cell)
}
