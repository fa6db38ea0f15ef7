package jsoncost

import (
	"bytes"
	"fmt"

	"github.com/jsoncost/jsoncost/codecs"
)

// A floor is the timed work of a floor cell: the least an operation on its
// document cannot avoid, done without allocating.
type floor struct {
	read  []byte // the document a decoder must read, or nil
	write []byte // the compact output encoding/json writes for the value an encoder is handed, or nil
	out   []byte // where write is copied, allocated once and reused
}

// newFloor returns the floor of cell, whose entry has one sample.
func newFloor(cell Cell) (*floor, error) {
	ins, err := inputs(cell.Fixture)
	if err != nil {
		return nil, err
	}
	if len(ins) != 1 {
		return nil, fmt.Errorf("%s: a floor runs on one sample, not %d", cell, len(ins))
	}
	f := &floor{}
	if cell.Op.Decodes() {
		f.read = ins[0].Doc
	}
	if cell.Op.Encodes() {
		_, write, err := codecs.Encoded(ins[0], cell.Op)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cell, err)
		}
		f.write, f.out = write, make([]byte, len(write))
	}
	if f.read == nil && f.write == nil {
		return nil, fmt.Errorf("%s: no floor for %s", cell, cell.Op)
	}
	return f, nil
}

// quotes receives the count of quote in the floor's pass over the document:
// it depends on every byte and outlives the loop, so the pass stays.
var (
	quote  = []byte{'"'}
	quotes int
)

// loop is the floor's timed loop: it reads the document with bytes.Count
// (vectorized on amd64 and arm64) and copies the output into one buffer,
// as an encoder that reuses its buffer would.
func (f *floor) loop(iters int) error {
	for range iters {
		if f.read != nil {
			quotes = bytes.Count(f.read, quote)
		}
		if f.write != nil {
			copy(f.out, f.write)
		}
	}
	return nil
}
