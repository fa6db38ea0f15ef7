package jsoncost

import (
	"fmt"
	"sync"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
)

// current holds the gate inputs of the entries being measured only: the
// runner measures a document at a time (and its anchor), and inputs kept
// live from earlier documents would be marked by every collection between
// slices. forget drops them.
var current = struct {
	sync.Mutex
	ins map[*fixtures.Entry][]codecs.Input
}{ins: map[*fixtures.Entry][]codecs.Input{}}

// inputs returns the gate's and the benchmark's input for each sample of e.
func inputs(e *fixtures.Entry) ([]codecs.Input, error) {
	if len(e.Samples) == 0 {
		return nil, fmt.Errorf("%s: no samples", e.Name)
	}
	current.Lock()
	defer current.Unlock()
	ins, ok := current.ins[e]
	if !ok {
		ins = make([]codecs.Input, len(e.Samples))
		for i, s := range e.Samples {
			ins[i] = codecs.NewInput(s.Doc, e.New, e.NewProj, s.Get5)
		}
		current.ins[e] = ins
	}
	return ins, nil
}

// forget drops the inputs of the entries measured so far.
func forget() {
	current.Lock()
	defer current.Unlock()
	clear(current.ins)
}

// check is the correctness gate; a test replaces it to see that every cell
// consults it.
var check = codecs.Check

// gate checks the cell on every sample. A failure on a user's document
// names its sample, which the user numbers as the document's page does.
func gate(cell Cell) ([]codecs.Input, error) {
	ins, err := inputs(cell.Fixture)
	for i := 0; err == nil && i < len(ins); i++ {
		if err = check(cell.Codec, cell.Op, ins[i]); err != nil && cell.Fixture.Family == docFamily {
			err = fmt.Errorf("sample %d: %w", i+1, err)
		}
	}
	return ins, err
}

// A Loop runs n iterations of a cell, each on the next sample of its entry
// and into a fresh target; an error from the codec stops it.
type Loop func(n int) error

// Prepare checks the cell with the correctness gate and returns its loop.
// Everything else is done before timing: the inputs, the values encoders
// are handed, the compiled get5 paths, the codec's warm-up (sonic's
// Pretouch); the gate's calls warm the operation.
func Prepare(cell Cell) (Loop, error) { return prepare(cell, true) }

// Warm returns the loop of a cell that passed the gate in another process
// of the same build (the same code, linked in another layout), having run
// it once over every sample in place of the gate's calls.
func Warm(cell Cell) (Loop, error) {
	loop, err := prepare(cell, false)
	if err == nil {
		if err = loop(max(len(cell.Fixture.Samples), 1)); err != nil {
			err = fmt.Errorf("%s: warm-up: %w", cell, err)
		}
	}
	return loop, err
}

func prepare(cell Cell, withGate bool) (Loop, error) {
	switch {
	case cell.Codec == nothing:
		return noop, nil
	case cell.Floor():
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
	ins, err := inputs(cell.Fixture)
	if withGate && err == nil {
		ins, err = gate(cell)
	}
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
	// Each operation has its own loop, so that an iteration is one call into the codec.
	switch op {
	case codecs.DecodeStruct, codecs.DecodeMap, codecs.DecodeProj:
		return func(iters int) error {
			for i, k := 0, 0; k < iters; k++ {
				if err := c.Unmarshal(docs[i], newValue()); err != nil {
					return err
				}
				if i++; i == n {
					i = 0
				}
			}
			return nil
		}, nil
	case codecs.EncodeStruct, codecs.EncodeMap:
		return func(iters int) error {
			for i, k := 0, 0; k < iters; k++ {
				if _, err := c.Marshal(values[i]); err != nil {
					return err
				}
				if i++; i == n {
					i = 0
				}
			}
			return nil
		}, nil
	case codecs.Roundtrip:
		return func(iters int) error {
			for i, k := 0, 0; k < iters; k++ {
				v := newValue()
				if err := c.Unmarshal(docs[i], v); err != nil {
					return err
				}
				if _, err := c.Marshal(v); err != nil {
					return err
				}
				if i++; i == n {
					i = 0
				}
			}
			return nil
		}, nil
	case codecs.Get5:
		return func(iters int) error {
			for i, k := 0, 0; k < iters; k++ {
				if _, err := gets[i](docs[i]); err != nil {
					return err
				}
				if i++; i == n {
					i = 0
				}
			}
			return nil
		}, nil
	}
	return nil, fmt.Errorf("%s: unknown operation", cell)
}

// nothing is a codec that does no work: the noop cell times what wraps
// every codec call, the loop and the call through a function value.
var nothing = &codecs.Codec{Name: "noop", Unmarshal: func([]byte, any) error { return nil }}

// noop is the loop of the noop cell: a decoder's loop over one sample around a call to nothing.
func noop(iters int) error {
	docs := [][]byte{nil}
	n := len(docs)
	for i, k := 0, 0; k < iters; k++ {
		if err := nothing.Unmarshal(docs[i], nil); err != nil {
			return err
		}
		if i++; i == n {
			i = 0
		}
	}
	return nil
}
