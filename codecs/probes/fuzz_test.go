package probes

import (
	"errors"
	"fmt"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// FuzzDecode decodes the same bytes into an any with every configuration
// that can and compares each with encoding/json. It fails on a panic, and
// on an accept, a reject or a value unlike encoding/json's that none of the
// configuration's probe differences explains (see Explain), whatever its
// category. Every configuration runs in process: the bounds keep inputs
// small and shallow. The seed corpus is testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	res := mustProbeResults(f)
	ref := mustLookup(f, Reference)
	var cs []*codecs.Codec
	diffs := map[string][]Difference{}
	for _, c := range res.Codecs {
		if c != ref && decodesAny(c) {
			cs = append(cs, c)
			diffs[c.Name] = Differences(res, c.Name)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput || lex(data).depth > maxFuzzDepth {
			t.Skip("input too large or too deep")
		}
		want, wantErr := decodeAny(ref, data)
		for _, c := range cs {
			if err := compareDecode(c, diffs[c.Name], data, want, wantErr); err != nil {
				t.Error(err)
			}
		}
	})
}

// compareDecode decodes data with c and compares the outcome with
// encoding/json's, want and wantErr. A panic is an error, and so is a
// different accept, reject or value that none of diffs explains.
func compareDecode(c *codecs.Codec, diffs []Difference, data []byte, want any, wantErr error) error {
	got, err := recoverDecode(c, data)
	var diff string
	var p panicked
	switch {
	case errors.As(err, &p):
		return fmt.Errorf("%s on %q: %v", c.Name, data, err)
	case (err == nil) != (wantErr == nil):
		diff = fmt.Sprintf("error %v, encoding/json: error %v", err, wantErr)
	case err == nil && show(got) != show(want):
		diff = fmt.Sprintf("decoded %s, encoding/json: %s", show(got), show(want))
	default:
		return nil
	}
	if Explain(diffs, data) != "" {
		return nil
	}
	return fmt.Errorf("%s (%s) on %q: %s; none of its probe differences explains it", c.Name, c.Category, data, diff)
}

// panicked is a recovered panic.
type panicked struct{ v any }

func (p panicked) Error() string { return fmt.Sprintf("panic: %v", p.v) }

// recoverDecode is decodeAny with a panic turned into a panicked error.
func recoverDecode(c *codecs.Codec, data []byte) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicked{r}
		}
	}()
	return decodeAny(c, data)
}

// TestCompareDecode checks the fuzz oracle on configurations with known
// faults: each must be caught unless a listed difference explains it.
func TestCompareDecode(t *testing.T) {
	t.Parallel()
	res := mustProbeResults(t)
	ref := mustLookup(t, "encoding-json")
	diffsOf := func(name string) []Difference { return Differences(res, name) }
	panics := &codecs.Codec{Name: "panics", Category: codecs.Fast, Ops: []codecs.Op{codecs.DecodeMap},
		Unmarshal: func([]byte, any) error { panic("boom") }}
	rawUTF8 := mustLookup(t, "jsoniter-std") // keeps invalid UTF-8 as it is
	lenient := &codecs.Codec{Name: "lenient", Category: codecs.Fast, Ops: []codecs.Op{codecs.DecodeMap},
		Unmarshal: func(data []byte, v any) error { return ref.Unmarshal([]byte("{}"), v) }}
	tests := []struct {
		name  string
		c     *codecs.Codec
		diffs []Difference
		doc   string
		ok    bool
	}{
		{"panic", panics, diffsOf("sonic-fastest"), `{}`, false},
		{"panic on input a difference explains", panics, diffsOf("sonic-fastest"), "[\"\xff\"]", false},
		{"raw UTF-8, listed", rawUTF8, diffsOf("jsoniter-std"), "[\"\xff\"]", true},
		{"raw UTF-8, not listed", rawUTF8, diffsOf("goccy"), "[\"\xff\"]", false},
		{"accepts anything", lenient, diffsOf("sonic-fastest"), `{"a":tru}`, false},
		{"accepts control characters, listed", lenient, diffsOf("sonic-fastest"), "{\"a\":\"\x01\"}", true},
		{"wrong value", lenient, diffsOf("easyjson"), `{"a":1}`, false},
		{"same", ref, nil, `{"a":[1,"x",null]}`, true},
	}
	for _, tt := range tests {
		want, wantErr := decodeAny(ref, []byte(tt.doc))
		err := compareDecode(tt.c, tt.diffs, []byte(tt.doc), want, wantErr)
		if (err == nil) != tt.ok {
			t.Errorf("%s: compareDecode = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}
