package jsoncost

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

type doc struct {
	ID    int64     `json:"id"`
	Title string    `json:"title"`
	Price *docPrice `json:"price"`
	Items []struct {
		Sku string `json:"sku"`
		Qty int64  `json:"qty"`
	} `json:"items"`
}

type docPrice struct {
	Amount   float64 `json:"amount"`
	Currency string  `json:"currency"`
}

type projDoc struct {
	Title string `json:"title"`
	Items []struct {
		Sku string `json:"sku"`
	} `json:"items"`
}

// spec has three samples; get5 finds a field in the first two only.
var spec = &Document{
	Name:   "doc",
	Fields: "title,items[].sku",
	Samples: []byte(`{"id":1,"title":"a","price":{"amount":1.5,"currency":"EUR"},"items":[{"sku":"x","qty":1},{"sku":"y","qty":2}]}
{"id":2,"title":"b","price":null,"items":[]}
{"id":3,"price":{"amount":2,"currency":"USD"},"items":[]}
`),
	New:     func() any { return new(doc) },
	NewProj: func() any { return new(projDoc) },
	Codecs:  codecs.All(),
}

func TestCells(t *testing.T) {
	cells, err := spec.cells()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, c := range cells {
		got[c.Name().Op+" "+c.Name().Fixture] = len(c.Fixture.Samples)
		if c.Codec.Category == codecs.Codegen {
			t.Errorf("%s: easyjson without generated code", c)
		}
		if _, err := gate(c); err != nil {
			t.Errorf("%s: %v", c, err)
		}
	}
	want := map[string]int{
		"decode-struct doc": 3, "decode-struct doc-filtered": 3, "decode-map doc": 3, "decode-proj doc": 3,
		"encode-struct doc": 3, "roundtrip doc": 3, "get5 doc": 2,
	}
	if len(got) != len(want) {
		t.Errorf("cells of %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d samples, want %d", k, got[k], n)
		}
	}
	filtered := cells[slices.IndexFunc(cells, func(c Cell) bool { return c.Fixture.Name == "doc-filtered" })].Fixture
	if d := string(filtered.Samples[0].Doc); d != `{"title":"a","items":[{"sku":"x"},{"sku":"y"}]}` {
		t.Errorf("filtered sample 1 = %s", d)
	}
	if f := filtered.Fields; f != 4.0/3 {
		t.Errorf("the filtered samples have %v scalar values on average, want 4/3", f)
	}

	noFields := *spec
	noFields.Fields, noFields.NewProj, noFields.Easyjson = "", nil, true
	cells, err = noFields.cells()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cells {
		if c.Op == codecs.DecodeProj || c.Op == codecs.Get5 || c.Fixture.Name != "doc" {
			t.Errorf("without fields: cell %s", c)
		}
	}
	if !slices.ContainsFunc(cells, func(c Cell) bool { return c.Codec.Category == codecs.Codegen }) {
		t.Error("no easyjson cell with generated code")
	}
}

// TestFieldsCheck checks that a projected type with a field too many or
// one too few stops the cells, naming the path.
func TestFieldsCheck(t *testing.T) {
	type dropsSku struct {
		Title string `json:"title"`
		Items []struct {
			Qty int64 `json:"qty"`
		} `json:"items"`
	}
	type keepsID struct {
		ID    int64  `json:"id"`
		Title string `json:"title"`
		Items []struct {
			Sku string `json:"sku"`
		} `json:"items"`
	}
	tests := []struct {
		newProj func() any
		err     string
	}{
		{func() any { return new(dropsSku) }, `FIELDS check: the projected type lacks "items[].sku", which FIELDS names`},
		{func() any { return new(keepsID) }, `FIELDS check: the projected type has "id", which is not in FIELDS`},
	}
	for _, tt := range tests {
		bad := *spec
		bad.NewProj = tt.newProj
		if _, err := bad.cells(); err == nil || err.Error() != tt.err {
			t.Errorf("cells with %T = %v, want %q", tt.newProj(), err, tt.err)
		}
	}
}

// TestGateNamesTheSample checks that a configuration wrong on one sample
// of a document fails the gate, which names the sample, even the only one,
// and that Prepare then returns no loop to time.
func TestGateNamesTheSample(t *testing.T) {
	wrong := &codecs.Codec{Name: "wrong-on-ids", Category: codecs.Std, Ops: []codecs.Op{codecs.DecodeStruct},
		Unmarshal: func(data []byte, v any) error {
			if err := json.Unmarshal(data, v); err != nil {
				return err
			}
			if d, ok := v.(*doc); ok && d.ID == 2 {
				d.ID = 20
			}
			return nil
		}}
	withWrong := *spec
	withWrong.Codecs = with(t, wrong)
	lines := strings.Split(string(spec.Samples), "\n")
	one := withWrong
	one.Samples = []byte(lines[1] + "\n")
	for _, tt := range []struct {
		doc  *Document
		want string
	}{
		{&withWrong, "sample 2: gate: codec wrong-on-ids: decode-struct"},
		{&one, "sample 1: gate: codec wrong-on-ids: decode-struct"},
	} {
		cells, err := tt.doc.cells()
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(cells, func(c Cell) bool { return c.Codec == wrong && c.Fixture.Name == "doc" })
		if _, err := gate(cells[i]); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%d samples: gate = %v, want %q", len(cells[i].Fixture.Samples), err, tt.want)
		}
		if loop, err := Prepare(cells[i]); err == nil || loop != nil {
			t.Errorf("%d samples: Prepare = %p, %v; want no loop for a cell that fails the gate", len(cells[i].Fixture.Samples), loop, err)
		}
	}
}

// TestLoopsTakeSamplesInTurn runs a decoding loop with a probe codec and
// checks that each iteration takes the next sample, into a fresh target.
func TestLoopsTakeSamplesInTurn(t *testing.T) {
	var seen []string
	var last any
	reused := 0
	probe := &codecs.Codec{Name: "probe", Category: codecs.Std, Ops: codecs.FullOps,
		Unmarshal: func(data []byte, v any) error {
			seen = append(seen, string(data))
			if v == last {
				reused++
			}
			last = v
			return json.Unmarshal(data, v)
		},
		Marshal: json.Marshal,
	}
	withProbe := *spec
	withProbe.Codecs = with(t, probe)
	cells, err := withProbe.cells()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(cells, func(c Cell) bool {
		return c.Codec == probe && c.Op == codecs.DecodeStruct && c.Fixture.Name == "doc"
	})
	loop, err := Prepare(cells[i])
	if err != nil {
		t.Fatal(err)
	}
	seen, reused = nil, 0
	if err := loop(7); err != nil {
		t.Fatal(err)
	}
	samples := strings.Split(strings.TrimSpace(string(spec.Samples)), "\n")
	want := []string{samples[0], samples[1], samples[2], samples[0], samples[1], samples[2], samples[0]}
	if !slices.Equal(seen, want) {
		t.Errorf("7 iterations decoded\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	if reused > 0 {
		t.Errorf("%d decodes got the previous target", reused)
	}
}
