package jsoncost

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
)

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
		e, in := entryInput(t, tt.fixture)
		f, err := newFloor(Cell{tt.op, e, nil})
		if err != nil {
			t.Fatal(err)
		}
		read, write := f.read, f.write
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
			e, in := entryInput(t, tt.fixture)
			cell := Cell{tt.op, e, nil}
			f, err := newFloor(cell)
			if err != nil {
				t.Fatal(err)
			}
			quotes = -1
			if f.out != nil {
				clear(f.out)
			}
			if err := f.loop(1); err != nil {
				t.Fatal(err)
			}
			if want := bytes.Count(in.Doc, quote); f.read != nil && quotes != want {
				t.Errorf("the pass counted %d quotes, the document has %d: it does not read every byte", quotes, want)
			}
			if f.write != nil && !bytes.Equal(f.out, f.write) {
				t.Errorf("after the loop the buffer does not hold the whole %d-byte output", len(f.write))
			}
			loop, err := Prepare(cell)
			if err != nil {
				t.Fatal(err)
			}
			if n := testing.AllocsPerRun(20, func() { loop(1) }); n != 0 {
				t.Errorf("the floor allocates %v times per iteration", n)
			}
		})
	}
}

// entryInput returns the entry of the fixture called name and the gate
// input of its one sample.
func entryInput(t *testing.T, name string) (*fixtures.Entry, codecs.Input) {
	t.Helper()
	f, err := fixtures.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	e, err := f.Entry()
	if err != nil {
		t.Fatal(err)
	}
	ins, err := inputs(e)
	if err != nil {
		t.Fatal(err)
	}
	return e, ins[0]
}
