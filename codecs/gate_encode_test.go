package codecs_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/internal/gatedocs"
)

// mangled returns a configuration of category cat that decodes like
// encoding/json and encodes like it too, then passes the bytes through
// mangle: an encoder that is wrong in one small way.
func mangled(name string, cat codecs.Category, mangle func([]byte) ([]byte, error)) *codecs.Codec {
	return &codecs.Codec{
		Name:      "broken-" + name + "-" + string(cat),
		Category:  cat,
		Ops:       codecs.FullOps,
		Unmarshal: json.Unmarshal,
		Marshal: func(v any) ([]byte, error) {
			b, err := json.Marshal(v)
			if err != nil {
				return nil, err
			}
			return mangle(b)
		},
	}
}

// dropLastByte truncates the encoding by one byte.
func dropLastByte(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("nothing to drop")
	}
	return b[:len(b)-1], nil
}

// bumpFirstDigit changes the first digit of the encoding (9 to 8, any other
// to the next), keeping its length and its validity: never a leading zero.
func bumpFirstDigit(b []byte) ([]byte, error) {
	i := bytes.IndexAny(b, "0123456789")
	if i < 0 {
		return nil, fmt.Errorf("no digit to change in %s", b)
	}
	out := bytes.Clone(b)
	if out[i] == '9' {
		out[i] = '8'
	} else {
		out[i]++
	}
	return out, nil
}

// swapFirstMembers exchanges the first two members of the top-level object
// of a compact encoding: the same JSON value in other bytes.
func swapFirstMembers(b []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not an object: %s", b)
	}
	var members [][]byte
	for dec.More() {
		start := dec.InputOffset()
		name, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("member name: %w", err)
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, fmt.Errorf("member %q: %w", name, err)
		}
		members = append(members, bytes.TrimPrefix(b[start:dec.InputOffset()], []byte(",")))
	}
	if len(members) < 2 {
		return nil, fmt.Errorf("fewer than two members in %s", b)
	}
	members[0], members[1] = members[1], members[0]
	out := append([]byte("{"), bytes.Join(members, []byte(","))...)
	return append(out, '}'), nil
}

// TestGateRejectsMangledEncodings holds every category's encode rule to
// encoders that are wrong in one small way, on every built-in document and
// every operation that encodes: a truncated encoding and a changed digit
// must be refused everywhere; two members swapped must be refused where
// the bytes must equal encoding/json's (std) and accepted where the JSON
// value must (every other category).
func TestGateRejectsMangledEncodings(t *testing.T) {
	tests := []struct {
		name   string
		mangle func([]byte) ([]byte, error)
		std    string // substring of std's refusal
		other  string // substring of the other categories' refusal; "" accepts
	}{
		{"drops-last-byte", dropLastByte, "at byte", "not valid JSON"},
		{"bumps-a-digit", bumpFirstDigit, "at byte", "differs at"},
		{"swaps-members", swapFirstMembers, "at byte", ""},
	}
	for _, tt := range tests {
		for _, cat := range codecs.Categories {
			c := mangled(tt.name, cat, tt.mangle)
			want := tt.other
			if cat == codecs.Std {
				want = tt.std
			}
			for _, op := range []codecs.Op{codecs.EncodeStruct, codecs.EncodeMap, codecs.Roundtrip} {
				for _, d := range gatedocs.All() {
					t.Run(c.Name+"/"+string(op)+"/"+d.Name, func(t *testing.T) {
						err := codecs.Check(c, op, input(d))
						switch {
						case want == "" && err != nil:
							t.Errorf("gate refused the same JSON value in other bytes: %v", err)
						case want == "":
						case err == nil:
							t.Errorf("gate accepted %s", tt.name)
						case !strings.Contains(err.Error(), want):
							t.Errorf("error %q does not mention %q", err, want)
						}
					})
				}
			}
		}
	}
}
