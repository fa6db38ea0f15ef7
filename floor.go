package jsoncost

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// A floor is the timed work of a floor cell: the least an operation on its
// document cannot avoid, done without allocating.
type floor struct {
	read  []byte // the document a decoder must read, or nil
	write []byte // the compact output an encoder must write, or nil
	out   []byte // where write is copied, allocated once and reused
}

// newFloor returns the floor of cell, with its output buffer allocated.
// Its entry has one sample.
func newFloor(cell Cell, ins []codecs.Input) (*floor, error) {
	if len(ins) != 1 {
		return nil, fmt.Errorf("%s: a floor runs on one sample, not %d", cell, len(ins))
	}
	read, write, err := floorBytes(cell, ins[0])
	if err != nil {
		return nil, err
	}
	f := &floor{read: read, write: write}
	if write != nil {
		f.out = make([]byte, len(write))
	}
	return f, nil
}

// floorBytes returns what the floor of cell moves: the bytes its operation
// must read (a decoder: the document) and write (an encoder: the compact
// output encoding/json writes for the value).
func floorBytes(cell Cell, in codecs.Input) (read, write []byte, err error) {
	op := cell.Op
	if op.Decodes() {
		read = in.Doc
	}
	if op.Encodes() {
		encoded := op
		if op == codecs.Roundtrip {
			encoded = codecs.EncodeStruct
		}
		if _, write, err = codecs.Encoded(in, encoded); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", cell, err)
		}
	}
	if read == nil && write == nil {
		return nil, nil, fmt.Errorf("%s: no floor for %s", cell, op)
	}
	return read, write, nil
}

// quote is the byte the floor's pass over the document counts.
var quote = []byte{'"'}

// quotes receives the count of the floor's pass over the document. The
// count depends on every byte and the variable outlives the loop, so the
// compiler cannot remove the pass.
var quotes int

// loop is the floor's timed loop. It reads the document with bytes.Count,
// a vectorized scan in assembly on amd64 and arm64, and copies the output
// into the same buffer every iteration, as an encoder that reuses its
// buffer would write it.
func (f *floor) loop(b *testing.B) error {
	for b.Loop() {
		if f.read != nil {
			quotes = bytes.Count(f.read, quote)
		}
		if f.write != nil {
			copy(f.out, f.write)
		}
	}
	return nil
}
