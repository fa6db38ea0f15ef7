package codecs_test

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/internal/gatedocs"
)

// input returns a fresh Input of d, which has computed no reference output.
func input(d gatedocs.Doc) codecs.Input {
	return codecs.NewInput([]byte(d.JSON), d.New, d.NewProj, d.Paths)
}

// applies reports whether op can run on d: projections and paths exist only
// for some documents.
func applies(op codecs.Op, d gatedocs.Doc) bool {
	switch op {
	case codecs.DecodeProj:
		return d.NewProj != nil
	case codecs.Get5:
		return d.Paths != nil
	}
	return true
}

func TestGateAcceptsEveryConfiguration(t *testing.T) {
	for _, c := range codecs.All() {
		for _, op := range c.Ops {
			for _, d := range gatedocs.All() {
				if !applies(op, d) {
					continue
				}
				t.Run(c.Name+"/"+string(op)+"/"+d.Name, func(t *testing.T) {
					if err := codecs.Check(c, op, input(d)); err != nil {
						t.Error(err)
					}
				})
			}
		}
	}
}

// dropLast decodes with encoding/json, then loses the last struct field or
// the greatest map key: a codec that silently drops data.
var dropLast = &codecs.Codec{
	Name:     "broken-drops-last-field",
	Category: codecs.Std,
	Ops:      codecs.FullOps,
	Marshal:  json.Marshal,
	Unmarshal: func(data []byte, v any) error {
		if err := json.Unmarshal(data, v); err != nil {
			return err
		}
		e := reflect.ValueOf(v).Elem()
		switch e.Kind() {
		case reflect.Struct:
			e.Field(e.NumField() - 1).SetZero()
		case reflect.Map:
			var last reflect.Value
			for _, k := range e.MapKeys() {
				if !last.IsValid() || k.String() > last.String() {
					last = k
				}
			}
			e.SetMapIndex(last, reflect.Value{})
		}
		return nil
	},
}

var floatLiteral = regexp.MustCompile(`-?[0-9]+\.[0-9]+`)

// roundFloats encodes with encoding/json, then rounds every float to two
// decimal places.
var roundFloats = &codecs.Codec{
	Name:      "broken-rounds-floats",
	Category:  codecs.Fast,
	Ops:       codecs.FullOps,
	Unmarshal: json.Unmarshal,
	Marshal: func(v any) ([]byte, error) {
		b, err := json.Marshal(v)
		return floatLiteral.ReplaceAllFunc(b, func(f []byte) []byte {
			x, _ := strconv.ParseFloat(string(f), 64)
			return strconv.AppendFloat(nil, x, 'f', 2, 64)
		}), err
	},
}

// wrongGet returns the first path's value for every path.
var wrongGet = &codecs.Codec{
	Name:     "broken-get",
	Category: codecs.Fast,
	Ops:      []codecs.Op{codecs.Get5},
	Get: func(paths [][]string) func([]byte) ([][]byte, error) {
		return func(data []byte) ([][]byte, error) {
			out := make([][]byte, len(paths))
			for i := range out {
				out[i] = []byte(`"first"`)
			}
			return out, nil
		}
	},
}

func TestGateRejectsBrokenCodecs(t *testing.T) {
	docs := map[string]gatedocs.Doc{}
	for _, d := range gatedocs.All() {
		docs[d.Name] = d
	}
	tests := []struct {
		codec *codecs.Codec
		op    codecs.Op
		doc   string
		want  []string // substrings of the error
	}{
		{dropLast, codecs.DecodeStruct, "flat", []string{"broken-drops-last-field", "decode-struct", ".Note", `"last"`}},
		{dropLast, codecs.DecodeMap, "flat", []string{"decode-map", `"ratio"`}},
		{dropLast, codecs.Roundtrip, "flat", []string{"roundtrip", "at byte"}},
		{roundFloats, codecs.EncodeStruct, "flat", []string{"broken-rounds-floats", "encode-struct", `"ratio"`, "got 0.12, want 0.125"}},
		{roundFloats, codecs.EncodeMap, "numbers", []string{"encode-map", `"max_float"`}},
		{wrongGet, codecs.Get5, "nested", []string{"broken-get", "get5", "id"}},
	}
	for _, tt := range tests {
		t.Run(tt.codec.Name+"/"+string(tt.op), func(t *testing.T) {
			err := codecs.Check(tt.codec, tt.op, input(docs[tt.doc]))
			if err == nil {
				t.Fatalf("gate accepted %s on %s", tt.codec.Name, tt.doc)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			t.Logf("rejected: %v", err)
		})
	}
}

func TestGateAllowsDeclaredFloatPrecision(t *testing.T) {
	c := *roundFloats
	c.Name = "rounds-to-declared-digits"
	c.FloatDigits = 2
	doc := gatedocs.Doc{JSON: `{"third":0.3333333333333333}`, New: func() any { return new(gatedocs.Numbers) }}
	if err := codecs.Check(&c, codecs.EncodeMap, input(doc)); err != nil {
		t.Errorf("rounding within the declared 2 digits was rejected: %v", err)
	}
}

// TestGateMemoKeepsReferencesOnly checks one Input made by NewInput for
// many configurations, as the benchmarks do: every verdict must be the one
// a fresh Input gives, so a broken codec checked after good ones on the
// same Input is still rejected and a good one after it still passes.
func TestGateMemoKeepsReferencesOnly(t *testing.T) {
	order := append(codecs.All(), dropLast, roundFloats, wrongGet)
	order = append(order, codecs.All()...)
	for _, d := range gatedocs.All() {
		memo := input(d)
		for _, c := range order {
			for _, op := range c.Ops {
				if !applies(op, d) {
					continue
				}
				fresh := codecs.Check(c, op, input(d))
				cached := codecs.Check(c, op, memo)
				if (fresh == nil) != (cached == nil) || fresh != nil && fresh.Error() != cached.Error() {
					t.Errorf("%s %s on %s: fresh input gives %v, shared input %v", c.Name, op, d.Name, fresh, cached)
				}
			}
		}
	}
}
