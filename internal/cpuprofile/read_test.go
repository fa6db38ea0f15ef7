package cpuprofile

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/cpuprofile/profiletest"
)

func encode(t *testing.T, p *profile.Profile) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestRead(t *testing.T) {
	good := profiletest.Synthetic([][]string{stack("encoding/json.Unmarshal main.main")}, []int64{10})
	heap := profiletest.Synthetic([][]string{stack("encoding/json.Unmarshal main.main")}, []int64{10})
	heap.SampleType = []*profile.ValueType{{Type: "alloc_objects", Unit: "count"}, {Type: "alloc_space", Unit: "bytes"}}
	heap.PeriodType = &profile.ValueType{Type: "space", Unit: "bytes"}
	empty := profiletest.Synthetic(nil, nil)
	stripped := profiletest.Synthetic([][]string{stack("encoding/json.Unmarshal main.main")}, []int64{10})
	for _, loc := range stripped.Location {
		loc.Address, loc.Line = 0x401000+loc.ID, nil
	}
	stripped.Function = nil
	tests := []struct {
		name string
		data []byte
		want string // in the error; "" for none
	}{
		{"a CPU profile", encode(t, good), ""},
		{"uncompressed", func() []byte { var b bytes.Buffer; good.WriteUncompressed(&b); return b.Bytes() }(), ""},
		{"text", []byte("{\"not\": \"a profile\"}\n"), "not a pprof profile"},
		{"empty file", nil, "not a pprof profile"},
		{"heap profile", encode(t, heap), "a heap profile, not a CPU profile"},
		{"no samples", encode(t, empty), "without samples"},
		{"no symbols", encode(t, stripped), "without symbols"},
	}
	for _, tt := range tests {
		_, err := Read(tt.data)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: error of more than one line: %q", tt.name, err)
		}
	}
}
