package jsoncost

import (
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
)

// TestGateMatrix runs the correctness gate and the warm-up call of every
// cell of the full matrix: every codec on every fixture it supports.
func TestGateMatrix(t *testing.T) {
	cells, skipped, err := Matrix(Selection{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range skipped {
		if strings.Contains(s.Reason, "go mod download") {
			t.Logf("skipped %s: %s", s.Cell, s.Reason)
		}
	}
	for _, cell := range cells {
		t.Run(cell.String(), func(t *testing.T) {
			if _, err := Prepare(cell); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestMatrixSelection(t *testing.T) {
	tests := []struct {
		sel     Selection
		cells   int
		wantErr string
	}{
		{Selection{Codecs: "encoding-json", Ops: "decode-map", Fixtures: "fields-0050"}, 1, ""},
		{Selection{Codecs: "easyjson", Ops: "decode-map", Fixtures: "fields-0050"}, 0, ""},
		{Selection{Codecs: "gjson,json-v2", Ops: "get5", Fixtures: "fields-0050,nested-d2"}, 2, ""},
		{Selection{Codecs: "nope"}, 0, `unknown codec "nope"; valid: encoding-json`},
		{Selection{Ops: "decode"}, 0, `unknown operation "decode"; valid: decode-struct`},
		{Selection{Fixtures: "fields-50"}, 0, `unknown fixture "fields-50"; valid: fields-0001`},
	}
	for _, tt := range tests {
		cells, _, err := Matrix(tt.sel)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Matrix(%+v) error = %v, want %q", tt.sel, err, tt.wantErr)
			}
			continue
		}
		if err != nil || len(cells) != tt.cells {
			t.Errorf("Matrix(%+v) = %d cells, %v; want %d", tt.sel, len(cells), err, tt.cells)
		}
	}
}

// TestFailingCellIsNotTimed registers a codec that drops a field: its cell
// must fail with the gate's message, and the timed loop must never run.
func TestFailingCellIsNotTimed(t *testing.T) {
	var calls atomic.Int64
	broken := &codecs.Codec{
		Name:     "broken-drops-fields",
		Category: codecs.Std,
		Ops:      []codecs.Op{codecs.DecodeMap},
		Marshal:  json.Marshal,
		Unmarshal: func(data []byte, v any) error {
			calls.Add(1)
			if err := json.Unmarshal(data, v); err != nil {
				return err
			}
			m := *v.(*map[string]any)
			for k := range m {
				delete(m, k)
				break
			}
			return nil
		},
	}
	unregister, err := codecs.Register(broken)
	if err != nil {
		t.Fatal(err)
	}
	defer unregister()
	f, err := fixtures.Lookup("fields-0005")
	if err != nil {
		t.Fatal(err)
	}
	cell := Cell{codecs.DecodeMap, f, broken}

	_, err = Prepare(cell)
	if err == nil || !strings.Contains(err.Error(), "broken-drops-fields: decode-map: differs at") {
		t.Fatalf("Prepare error = %v, want the gate's rejection", err)
	}
	calls.Store(0)
	res := testing.Benchmark(func(b *testing.B) { benchCell(b, cell) })
	if res.N != 0 || calls.Load() != 1 {
		t.Errorf("failing cell was timed: N = %d, codec calls = %d (want 0 and the gate's 1)", res.N, calls.Load())
	}
}

func TestNoopOverheadAllocatesNothing(t *testing.T) {
	res := testing.Benchmark(benchNoop)
	if res.AllocsPerOp() != 0 {
		t.Errorf("harness allocates %d per op", res.AllocsPerOp())
	}
}
