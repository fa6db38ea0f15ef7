package jsoncost

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
)

// A floor is the timed work of a floor cell: the least an operation on its
// document cannot avoid, done without allocating.
type floor struct {
	read  []byte // the document a decoder must read, or nil
	write []byte // the compact output an encoder must write, or nil
	out   []byte // where write is copied, allocated once and reused
}

// newFloor returns the floor of cell, with its output buffer allocated.
func newFloor(cell Cell, in codecs.Input) (*floor, error) {
	read, write, err := floorBytes(cell, in)
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

// TestFloorBytes checks what the floor moves: decoders read the document;
// encoders write encoding/json's compact output, which is smaller than an
// indented document.
func TestFloorBytes(t *testing.T) {
	tests := []struct {
		fixture     string
		op          codecs.Op
		read, write bool
		compact     bool // the written bytes are shorter than the document
	}{
		{"fields-0050", codecs.DecodeMap, true, false, false},
		{"fields-0050", codecs.EncodeStruct, false, true, false},
		{"fields-0050", codecs.Roundtrip, true, true, false},
		{"realworld-citm_catalog", codecs.EncodeMap, false, true, true},
		{"realworld-citm_catalog", codecs.DecodeStruct, true, false, false},
	}
	for _, tt := range tests {
		f, err := fixtures.Lookup(tt.fixture)
		if err != nil {
			t.Fatal(err)
		}
		in, err := input(f)
		if err != nil {
			t.Fatal(err)
		}
		read, write, err := floorBytes(Cell{tt.op, f, nil}, in)
		if err != nil {
			t.Fatal(err)
		}
		if (read != nil) != tt.read || (write != nil) != tt.write {
			t.Errorf("%s %s floor: reads %d bytes, writes %d; want read %t, write %t", tt.fixture, tt.op, len(read), len(write), tt.read, tt.write)
		}
		if read != nil && !slices.Equal(read, in.Doc) {
			t.Errorf("%s %s floor reads something other than the document", tt.fixture, tt.op)
		}
		if tt.compact && len(write) >= len(in.Doc) {
			t.Errorf("%s %s floor writes %d bytes for a %d-byte indented document: not the compact output", tt.fixture, tt.op, len(write), len(in.Doc))
		}
		if write != nil && !json.Valid(write) {
			t.Errorf("%s %s floor writes invalid JSON", tt.fixture, tt.op)
		}
	}
}

// TestFloorLoop runs the floor's timed loop and checks that it does all of
// its work and nothing more: the pass over the document counts the quotes
// of the whole document, the output buffer holds the whole output
// afterwards, and no iteration allocates.
func TestFloorLoop(t *testing.T) {
	setBenchtime(t, "20x")
	for _, tt := range []struct {
		fixture string
		op      codecs.Op
	}{
		{"fields-0050", codecs.DecodeMap},
		{"fields-0050", codecs.EncodeStruct},
		{"fields-0050", codecs.Roundtrip},
		{"bytes-1024k", codecs.DecodeStruct},
		{"realworld-citm_catalog", codecs.EncodeMap},
	} {
		t.Run(tt.fixture+"/"+string(tt.op), func(t *testing.T) {
			fix, err := fixtures.Lookup(tt.fixture)
			if err != nil {
				t.Fatal(err)
			}
			in, err := input(fix)
			if err != nil {
				t.Fatal(err)
			}
			f, err := newFloor(Cell{tt.op, fix, nil}, in)
			if err != nil {
				t.Fatal(err)
			}
			quotes = -1
			res := testing.Benchmark(func(b *testing.B) {
				b.ReportAllocs()
				if err := f.loop(b); err != nil {
					b.Fatal(err)
				}
			})
			if res.N == 0 {
				t.Fatal("the loop did not run")
			}
			if want := bytes.Count(in.Doc, quote); f.read != nil && quotes != want {
				t.Errorf("the pass counted %d quotes, the document has %d: it does not read every byte", quotes, want)
			}
			if f.write != nil && !bytes.Equal(f.out, f.write) {
				t.Errorf("after the loop the buffer does not hold the whole %d-byte output", len(f.write))
			}
			if n := res.AllocsPerOp(); n != 0 {
				t.Errorf("the floor allocates %d times per op", n)
			}
		})
	}
}
