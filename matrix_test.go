package jsoncost

import (
	"encoding/json"
	"errors"
	"flag"
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
// whatever its codec or operation, and stops when the gate refuses it.
func TestGateMatrix(t *testing.T) {
	cells, skipped, err := Matrix(rawfmt.Selection{})
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
	defer func() { check = codecs.Check }()
	for _, cell := range cells {
		t.Run(cell.String(), func(t *testing.T) {
			if _, err := Prepare(cell); err != nil {
				t.Error(err)
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
			if _, err := Prepare(cell); !errors.Is(err, errRefused) {
				t.Errorf("Prepare went on after the gate refused the cell: %v", err)
			}
		})
	}
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
		cells, _, err := Matrix(tt.sel)
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

// TestOrder checks the runner's interleaving inside one round: seed 0 is
// the matrix order; a seed gives a permutation that keeps each operation's
// and each fixture's cells together, that differs between rounds and
// between seeds, that repeats for the same seed and round, and in which
// fixtures do not share one codec order.
func TestOrder(t *testing.T) {
	cells, _, err := Matrix(rawfmt.Selection{Ops: "decode-struct,encode-map", Fixtures: "fields-.*"})
	if err != nil {
		t.Fatal(err)
	}
	names := func(cs []Cell) string {
		var s []string
		for _, c := range cs {
			s = append(s, c.String())
		}
		return strings.Join(s, "\n")
	}
	if got := order(slices.Clone(cells), 0, 1); names(got) != names(cells) {
		t.Error("seed 0 changed the matrix order")
	}
	r1 := order(slices.Clone(cells), 42, 1)
	switch {
	case names(r1) == names(cells):
		t.Error("seed 42 left the matrix order unchanged")
	case names(r1) != names(order(slices.Clone(cells), 42, 1)):
		t.Error("the same seed and round gave two orders")
	case names(r1) == names(order(slices.Clone(cells), 42, 2)):
		t.Error("rounds 1 and 2 share one order")
	case names(r1) == names(order(slices.Clone(cells), 43, 1)):
		t.Error("seeds 42 and 43 share one order")
	}
	if a, b := slices.SortedFunc(slices.Values(r1), cmpCell), slices.SortedFunc(slices.Values(cells), cmpCell); names(a) != names(b) {
		t.Error("the order is not a permutation of the cells")
	}
	for _, key := range []func(Cell) string{
		func(c Cell) string { return string(c.Op) },
		func(c Cell) string { return string(c.Op) + "/" + c.Fixture.Name },
	} {
		first, last, count := map[string]int{}, map[string]int{}, map[string]int{}
		for i, c := range r1 {
			k := key(c)
			if _, ok := first[k]; !ok {
				first[k] = i
			}
			last[k] = i
			count[k]++
		}
		for k := range count {
			if last[k]-first[k]+1 != count[k] {
				t.Errorf("the cells of %s are not together", k)
			}
		}
	}
	same := 0
	for _, op := range groupBy(r1, func(c Cell) string { return string(c.Op) }) {
		orders := map[string]int{}
		for _, fix := range groupBy(op, func(c Cell) string { return c.Fixture.Name }) {
			var codecs []string
			for _, c := range fix {
				codecs = append(codecs, c.Name().Codec)
			}
			orders[strings.Join(codecs, ",")]++
		}
		for _, n := range orders {
			same += n - 1
		}
	}
	if same > 1 {
		t.Errorf("%d fixtures repeat another fixture's codec order: each fixture needs its own permutation", same)
	}
}

func cmpCell(a, b Cell) int { return strings.Compare(a.String(), b.String()) }

// register adds c for the length of the test.
func register(t *testing.T, c *codecs.Codec) {
	t.Helper()
	unregister, err := codecs.Register(c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(unregister)
}

// TestFailingCellIsNotTimed registers, for every operation, a codec that
// gets it wrong: its cell must fail with the gate's message, and the timed
// loop must never run.
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
				register(t, broken)
				cell := Cell{op, f, broken}
				if _, err := Prepare(cell); err == nil || !strings.Contains(err.Error(), "gate: codec "+broken.Name+": "+string(op)) {
					t.Fatalf("Prepare error = %v, want the gate's rejection", err)
				}
				calls.Store(0)
				res := testing.Benchmark(func(b *testing.B) { benchCell(b, cell) })
				if res.N != 0 || calls.Load() > 2 {
					t.Errorf("failing cell was timed: N = %d, codec calls = %d (want 0 and the gate's at most 2)", res.N, calls.Load())
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
	setBenchtime(t, "20x")
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
					last = v
					return json.Unmarshal(data, v)
				},
			}
			register(t, probe)
			cell := Cell{op, f, probe}
			res := testing.Benchmark(func(b *testing.B) { benchCell(b, cell) })
			if res.N == 0 || calls < res.N {
				t.Fatalf("cell did not run: N = %d, calls = %d", res.N, calls)
			}
			if reused > 0 {
				t.Errorf("%d of %d decodes got a target that was not fresh", reused, calls)
			}
		})
	}
}

// setBenchtime sets -test.benchtime, which testing.Benchmark follows, for
// the length of the test.
func setBenchtime(t *testing.T, d string) {
	t.Helper()
	bt := flag.Lookup("test.benchtime")
	old := bt.Value.String()
	if err := bt.Value.Set(d); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bt.Value.Set(old) })
}

func TestNoopOverheadAllocatesNothing(t *testing.T) {
	setBenchtime(t, "10000x")
	res := testing.Benchmark(benchNoop)
	if res.AllocsPerOp() != 0 {
		t.Errorf("harness allocates %d per op", res.AllocsPerOp())
	}
}
