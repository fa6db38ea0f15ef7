package probes

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// The bounds on fuzz inputs: decoders run in process here, so inputs stay
// small and shallow, far from the depths at which decoders recurse for
// long (see badinput.md).
const (
	maxFuzzInput = 4 << 10
	maxFuzzDepth = 100
)

// FuzzDecode decodes the same bytes into an any with every configuration
// the suites apply to and compares each with encoding/json. A std
// configuration must accept and reject the same inputs and decode the same
// values; the others' divergences are logged, since their categories allow
// them. Every configuration runs in process: none crashed in the
// conformance suites, and the bounds keep inputs small and shallow. The
// seed corpus is testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	ref, err := Reference(codecs.All())
	if err != nil {
		f.Fatal(err)
	}
	var cs []*codecs.Codec
	for _, c := range codecs.All() {
		if Applies(c) && c != ref {
			cs = append(cs, c)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput || nestingDepth(data) > maxFuzzDepth {
			t.Skip("input too large or too deep")
		}
		want, wantErr := decodeAny(ref, data)
		for _, c := range cs {
			got, err := recoverDecode(c, data)
			var diff string
			switch {
			case (err == nil) != (wantErr == nil):
				diff = fmt.Sprintf("error %v, encoding/json: error %v", err, wantErr)
			case err == nil && !reflect.DeepEqual(got, want):
				diff = fmt.Sprintf("decoded %#v, encoding/json: %#v", got, want)
			default:
				continue
			}
			if c.Category == codecs.Std {
				t.Errorf("%s (std) on %q: %s", c.Name, data, diff)
			} else {
				t.Logf("%s (%s) on %q: %s", c.Name, c.Category, data, diff)
			}
		}
	})
}

// recoverDecode is decodeAny with a panic turned into an error.
func recoverDecode(c *codecs.Codec, data []byte) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return decodeAny(c, data)
}

// nestingDepth returns how deeply arrays and objects nest in data, reading
// it as JSON as far as brackets and strings go.
func nestingDepth(data []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, b := range data {
		switch {
		case escaped:
			escaped = false
		case inString && b == '\\':
			escaped = true
		case b == '"':
			inString = !inString
		case inString:
		case b == '[' || b == '{':
			depth++
			deepest = max(deepest, depth)
		case b == ']' || b == '}':
			depth--
		}
	}
	return deepest
}
