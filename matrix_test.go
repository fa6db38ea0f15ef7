package jsoncost

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestGateMatrix runs the correctness gate and the warm-up call of every
// cell of the full matrix: every codec on every fixture it supports. It
// also checks that Prepare consults the gate once for every codec cell,
// whatever its codec or operation, and returns no loop when the gate
// refuses it.
func TestGateMatrix(t *testing.T) {
	cells, skipped, err := Matrix(codecs.All(), rawfmt.Selection{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range skipped {
		if len(s.Fixture.Samples) == 0 {
			t.Fatalf("%s cannot be gated: %s", s.Cell, s.Reason)
		}
	}
	gated := map[string]int{}
	errRefused := errors.New("refused by the test")
	refuse := false
	check = func(c *codecs.Codec, op codecs.Op, in codecs.Input) error {
		if refuse {
			return errRefused
		}
		gated[c.Name+" "+string(op)+" "+string(in.Doc)]++
		return codecs.Check(c, op, in)
	}
	t.Cleanup(func() { check = codecs.Check })
	for _, cell := range cells {
		t.Run(cell.String(), func(t *testing.T) {
			if loop, err := Prepare(cell); err != nil || loop == nil {
				t.Errorf("Prepare = %p, %v; want a loop", loop, err)
			}
			if cell.Floor() {
				return
			}
			doc := cell.Fixture.Samples[0].Doc
			if n := gated[cell.Codec.Name+" "+string(cell.Op)+" "+string(doc)]; n != 1 {
				t.Errorf("Prepare consulted the gate %d times, want once", n)
			}
			refuse = true
			defer func() { refuse = false }()
			if loop, err := Prepare(cell); !errors.Is(err, errRefused) || loop != nil {
				t.Errorf("Prepare went on after the gate refused the cell: %p, %v", loop, err)
			}
		})
	}
	forget()
}

func cell(op, fixture, codec string) string {
	return rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}.Sub()
}

func TestMatrixSelection(t *testing.T) {
	tests := []struct {
		sel     rawfmt.Selection
		cells   []string
		wantErr string
	}{
		{rawfmt.Selection{Codecs: "encoding-json", Ops: "decode-map", Fixtures: "fields-0050"},
			[]string{cell("decode-map", "fields-0050", rawfmt.Base), cell("decode-map", "fields-0050", rawfmt.Floor)}, ""},
		{rawfmt.Selection{Codecs: "easyjson", Ops: "decode-map", Fixtures: "fields-0050"}, nil, ""},
		{rawfmt.Selection{Codecs: "gjson,json-v2", Ops: "get5", Fixtures: "fields-0050"},
			[]string{cell("get5", "fields-0050", "json-v2"), cell("get5", "fields-0050", "gjson")}, ""},
		{rawfmt.Selection{Codecs: "nope"}, nil, `unknown codec "nope"; valid: encoding-json`},
		{rawfmt.Selection{Ops: "decode"}, nil, `unknown operation "decode"; valid: decode-struct`},
		{rawfmt.Selection{Fixtures: "fields-50"}, nil, `unknown fixture "fields-50"; valid: fields-0001`},
		{rawfmt.Selection{Fixtures: "fields-9.*"}, nil, `fixture pattern "fields-9.*" matched nothing`},
	}
	for _, tt := range tests {
		cells, _, err := Matrix(codecs.All(), tt.sel)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Matrix(%+v) error = %v, want %q", tt.sel, err, tt.wantErr)
			}
			continue
		}
		var got []string
		for _, c := range cells {
			got = append(got, c.String())
		}
		if err != nil || !slices.Equal(got, tt.cells) {
			t.Errorf("Matrix(%+v) = %q, %v; want %q", tt.sel, got, err, tt.cells)
		}
	}
}

// with returns the registry's configurations followed by cs, as a user's
// list would have them.
func with(t *testing.T, cs ...*codecs.Codec) codecs.List {
	t.Helper()
	l, err := codecs.All().With(cs...)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestFailingCellIsNotTimed makes, for every operation, a codec that gets
// it wrong: Prepare must fail with the gate's message and return no
// loop, and a slice of the cell asked of Serve must be refused in one line
// without the codec being called beyond the gate's calls.
func TestFailingCellIsNotTimed(t *testing.T) {
	f, _ := entryInput(t, "fields-0005")
	for _, op := range codecs.Ops {
		for _, category := range []codecs.Category{codecs.Std, codecs.Fast, codecs.Codegen} {
			var calls atomic.Int64
			broken := &codecs.Codec{
				Name:     fmt.Sprintf("broken-%s-%s", category, op),
				Category: category,
				Skips:    []string{"correctness"},
				Ops:      []codecs.Op{op},
				Marshal: func(v any) ([]byte, error) {
					calls.Add(1)
					return []byte(`{"wrong":true}`), nil
				},
				Unmarshal: func(data []byte, v any) error {
					calls.Add(1)
					return json.Unmarshal([]byte(`{}`), v)
				},
				Get: func(paths [][]string) func([]byte) ([][]byte, error) {
					return func([]byte) ([][]byte, error) {
						calls.Add(1)
						return slices.Repeat([][]byte{[]byte(`"wrong"`)}, len(paths)), nil
					}
				},
			}
			if category == codecs.Std {
				broken.Skips = nil
			}
			t.Run(broken.Name, func(t *testing.T) {
				cell := Cell{op, f, broken}
				gateErr := "gate: codec " + broken.Name + ": " + string(op)
				if loop, err := Prepare(cell); err == nil || !strings.Contains(err.Error(), gateErr) || loop != nil {
					t.Fatalf("Prepare = %p, %v; want no loop and the gate's rejection", loop, err)
				}
				calls.Store(0)
				answers := serve(t, with(t, broken), []Cell{cell}, "slice "+cell.String()+" 1000")
				if len(answers) != 1 || !strings.HasPrefix(answers[0], "error "+gateErr) || calls.Load() > 2 {
					t.Errorf("slice of a failing cell: %q with %d codec calls; want one error line and at most the gate's 2", answers, calls.Load())
				}
			})
		}
	}
}

// TestFreshTargets checks that every decoding iteration gets a fresh, zero
// target: a decoder handed the previous iteration's value would be timed
// doing less work (maps and slices already allocated).
func TestFreshTargets(t *testing.T) {
	f, _ := entryInput(t, "fields-0005")
	for _, op := range []codecs.Op{codecs.DecodeStruct, codecs.DecodeMap, codecs.DecodeProj, codecs.Roundtrip} {
		t.Run(string(op), func(t *testing.T) {
			var last any
			var calls, reused int
			probe := &codecs.Codec{
				Name:     "fresh-target-probe",
				Category: codecs.Std,
				Ops:      []codecs.Op{op},
				Marshal:  json.Marshal,
				Unmarshal: func(data []byte, v any) error {
					calls++
					if v == last || !reflect.ValueOf(v).Elem().IsZero() {
						reused++
					}
					last = v // kept, so that a fresh target cannot take its address
					return json.Unmarshal(data, v)
				},
			}
			loop, err := Prepare(Cell{op, f, probe})
			if err != nil {
				t.Fatal(err)
			}
			calls, reused = 0, 0
			if err := loop(20); err != nil {
				t.Fatal(err)
			}
			if calls != 20 || reused > 0 {
				t.Errorf("20 iterations: %d decodes, %d into a target that was not fresh; want 20 and 0", calls, reused)
			}
		})
	}
}

// TestMatrixCellsFind finds every cell of the matrix by its name, as a
// process serving one part does, and refuses names the matrix lacks.
func TestMatrixCellsFind(t *testing.T) {
	m := MatrixCells(codecs.All())
	all, err := m.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range all {
		got, err := m.Find(want.Name())
		if err != nil || got != want {
			t.Errorf("Find(%s) = %v, %v; want the matrix's cell", want, got, err)
		}
	}
	_, skipped, err := Matrix(codecs.All(), rawfmt.Selection{})
	if err != nil || len(skipped) == 0 {
		t.Fatalf("Matrix skipped %d cells, %v; want some", len(skipped), err)
	}
	absent := []rawfmt.Cell{
		{Op: "get5", Fixture: "fields-0050", Codec: rawfmt.Floor}, // get5 has no floor
		{Op: "decode-map", Fixture: "fields-(", Codec: rawfmt.Base},
		{Op: "decode-map", Fixture: "fields-0050", Codec: "nope"},
		{Op: "nope", Fixture: "fields-0050", Codec: rawfmt.Base},
	}
	for _, s := range skipped {
		absent = append(absent, s.Name())
	}
	for _, name := range absent {
		if c, err := m.Find(name); err == nil || !strings.Contains(err.Error(), "no cell "+name.Sub()+" in this binary") {
			t.Errorf("Find(%s) = %v, %v; want no cell", name, c, err)
		}
	}
}
