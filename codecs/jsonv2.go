package codecs

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

const jsonExperiment = "github.com/go-json-experiment/json"

// jsonV2 is github.com/go-json-experiment/json with default options: the
// encoding/json/v2 semantics, plus lazy access through jsontext.
var jsonV2 = &Codec{
	Name:      "json-v2",
	Module:    jsonExperiment,
	Category:  V2,
	Skips:     []string{"HTML escaping", "map key sorting", "U+2028 escaping", "replacing invalid UTF-8 on encode and decode (rejects it)", "writing nil slices and nil maps as null (writes [] and {})", "case-insensitive name matching", "accepting duplicate names (rejects them)"},
	Ops:       slices.Concat(FullOps, []Op{Get5}),
	Marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
	Unmarshal: func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
	Get:       jsontextGetter,
}

// jsonV1OnV2 is the v1 package of the same module: encoding/json's API and
// semantics on the v2 engine, which Go's encoding/json becomes.
var jsonV1OnV2 = stdAPI("json-v1-on-v2", jsonExperiment, V2, jsonv1.Marshal, jsonv1.Unmarshal,
	"escaping the U+FFFD that replaces invalid UTF-8 on encode (writes it raw)")

// pathTrie is a compiled set of paths; a leaf records its output slot.
type pathTrie struct {
	next map[string]*pathTrie
	slot int // index into the result, or -1 for an inner node
}

// jsontextGetter walks the token stream, reading the values on the paths,
// skipping the rest, and stopping once every path is read.
func jsontextGetter(paths [][]string) func([]byte) ([][]byte, error) {
	trie := &pathTrie{next: map[string]*pathTrie{}, slot: -1}
	for i, p := range paths {
		n := trie
		for _, seg := range p {
			if n.next[seg] == nil {
				n.next[seg] = &pathTrie{next: map[string]*pathTrie{}, slot: -1}
			}
			n = n.next[seg]
		}
		n.slot = i
	}
	return func(data []byte) ([][]byte, error) {
		w := tokenWalker{
			dec:  jsontext.NewDecoder(bytes.NewReader(data)),
			out:  make([][]byte, len(paths)),
			left: len(paths),
		}
		if err := w.walk(trie); err != nil {
			return nil, err
		}
		for i, v := range w.out {
			if v == nil {
				return nil, fmt.Errorf("path %q not found", paths[i])
			}
		}
		return w.out, nil
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
