package codecs

import (
	"bytes"
	"fmt"
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
	Ops:       append(FullOps[:len(FullOps):len(FullOps)], Get5),
	Marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
	Unmarshal: func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
	Get:       jsontextGetter,
}

// jsonV1OnV2 is the v1 package of the same module: encoding/json's API and
// semantics on the v2 engine, which Go's encoding/json becomes.
var jsonV1OnV2 = &Codec{
	Name:      "json-v1-on-v2",
	Module:    jsonExperiment,
	Category:  V2,
	Skips:     []string{"escaping the U+FFFD that replaces invalid UTF-8 on encode (writes it raw)"},
	Ops:       FullOps,
	Marshal:   jsonv1.Marshal,
	Unmarshal: jsonv1.Unmarshal,
}

// pathTrie is a compiled set of paths: each node maps the next segment to
// its child, and a leaf records which output slot it fills.
type pathTrie struct {
	next map[string]*pathTrie
	slot int // index into the result, or -1 for an inner node
}

func compileTrie(paths [][]string) *pathTrie {
	root := &pathTrie{slot: -1}
	for i, p := range paths {
		n := root
		for _, seg := range p {
			if n.next == nil {
				n.next = map[string]*pathTrie{}
			}
			child, ok := n.next[seg]
			if !ok {
				child = &pathTrie{slot: -1}
				n.next[seg] = child
			}
			n = child
		}
		n.slot = i
	}
	return root
}

// jsontextGetter walks the token stream once, reading the values on the
// paths and skipping everything else without decoding it.
func jsontextGetter(paths [][]string) func([]byte) ([][]byte, error) {
	trie := compileTrie(paths)
	return func(data []byte) ([][]byte, error) {
		out := make([][]byte, len(paths))
		dec := jsontext.NewDecoder(bytes.NewReader(data))
		if err := walkTokens(dec, trie, out); err != nil {
			return nil, err
		}
		for i, v := range out {
			if v == nil {
				return nil, fmt.Errorf("path %q not found", paths[i])
			}
		}
		return out, nil
	}
}

func walkTokens(dec *jsontext.Decoder, n *pathTrie, out [][]byte) error {
	if n.slot >= 0 {
		v, err := dec.ReadValue()
		out[n.slot] = bytes.Clone(v)
		return err
	}
	switch dec.PeekKind() {
	case '{':
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		for dec.PeekKind() != '}' {
			name, err := dec.ReadToken()
			if err != nil {
				return err
			}
			if err := walkChild(dec, n.next[name.String()], out); err != nil {
				return err
			}
		}
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		for i := 0; dec.PeekKind() != ']'; i++ {
			if err := walkChild(dec, n.next[strconv.Itoa(i)], out); err != nil {
				return err
			}
		}
	default:
		return dec.SkipValue()
	}
	_, err := dec.ReadToken() // the closing delimiter
	return err
}

func walkChild(dec *jsontext.Decoder, child *pathTrie, out [][]byte) error {
	if child == nil {
		return dec.SkipValue()
	}
	return walkTokens(dec, child, out)
}
