//go:build goexperiment.jsonv2

package codecs

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"slices"
	"strconv"
)

// stdEngine is the engine under encoding/json: the v2 engine wherever the jsonv2 experiment is on, as it is by
// default from Go 1.27; the build constraint is the one encoding/json's own v2 files carry.
const stdEngine = "v2-engine"

// escapedFFFD is what a codec that escapes the U+FFFD replacing invalid UTF-8, as encoding/json's v1 engine does,
// does differently from encoding/json on the v2 engine.
var escapedFFFD = []string{"writing the U+FFFD that replaces invalid UTF-8 on encode as \\ufffd (encoding/json on the v2 engine writes it raw)"}

// jsonV2 is the standard library's encoding/json/v2 with default options, with lazy access through
// encoding/json/jsontext.
var jsonV2 = &Codec{
	Name:     "json-v2",
	Category: V2,
	Skips: []string{"HTML escaping", "map key sorting", "U+2028 escaping", "replacing invalid UTF-8 on encode and decode (rejects it)",
		"writing nil slices and nil maps as null (writes [] and {})", "case-insensitive name matching", "accepting duplicate names (rejects them)",
		"validation of the document after the last path (its get5 stops reading there)"},
	Ops:       slices.Concat(FullOps, []Op{Get5}),
	Marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
	Unmarshal: func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
	Get:       jsontextGetter,
}

// jsontextGetter walks the token stream, reading the values on the paths,
// skipping the rest, and stopping once every path is read.
func jsontextGetter(paths [][]string) func([]byte) ([][]byte, error) {
	trie := newPathTrie(paths)
	return func(data []byte) ([][]byte, error) {
		w := tokenWalker{
			dec:  jsontext.NewDecoder(bytes.NewReader(data)),
			out:  make([][]byte, len(paths)),
			left: len(paths),
		}
		if err := w.walk(trie); err != nil {
			return nil, err
		}
		return w.out, missing(paths, w.out)
	}
}

// tokenWalker reads the values a pathTrie names from a token stream.
type tokenWalker struct {
	dec  *jsontext.Decoder
	out  [][]byte
	left int // paths not read yet
}

func (w *tokenWalker) walk(n *pathTrie) error {
	if n == nil {
		return w.dec.SkipValue()
	}
	if n.slot >= 0 {
		v, err := w.dec.ReadValue()
		w.out[n.slot] = bytes.Clone(v)
		w.left--
		return err
	}
	switch w.dec.PeekKind() {
	case '{':
		if _, err := w.dec.ReadToken(); err != nil {
			return err
		}
		for w.left > 0 && w.dec.PeekKind() != '}' {
			name, err := w.dec.ReadToken()
			if err != nil {
				return err
			}
			if err := w.walk(n.next[name.String()]); err != nil {
				return err
			}
		}
	case '[':
		if _, err := w.dec.ReadToken(); err != nil {
			return err
		}
		for i := 0; w.left > 0 && w.dec.PeekKind() != ']'; i++ {
			if err := w.walk(n.next[strconv.Itoa(i)]); err != nil {
				return err
			}
		}
	default:
		return w.dec.SkipValue()
	}
	if w.left == 0 {
		return nil // every path read: the rest of the document is never looked at
	}
	_, err := w.dec.ReadToken() // the closing delimiter
	return err
}
