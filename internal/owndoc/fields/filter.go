package fields

import (
	"bytes"
	"fmt"
	"strconv"

	// The module's jsontext, not the standard library's: the benchmark binary imports this package and builds
	// under Go 1.26 and GOEXPERIMENT=nojsonv2 too (make bench-upgrade), where encoding/json/jsontext does not exist.
	"github.com/go-json-experiment/json/jsontext"

	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// readOpts pass duplicate names and invalid UTF-8, as Elasticsearch does.
var readOpts = []jsontext.Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}

// Filter returns the JSON object doc with only the paths of s, as
// Elasticsearch's _source_includes returns a document: members and array
// elements in doc's order and bytes; a value a path ends at kept whole; an
// object or array a path steps into kept with what is left of it, and left
// out when nothing is; a scalar a path would step into left out.
func (s *Set) Filter(doc []byte) ([]byte, error) {
	out, err := filter(doc, s.root)
	switch {
	case err != nil:
		return nil, fmt.Errorf("filtering the document: %w", err)
	case out == nil:
		return []byte("{}"), nil
	}
	return out, nil
}

func filter(v []byte, n *node) ([]byte, error) {
	if n.whole {
		return v, nil
	}
	dec := jsontext.NewDecoder(bytes.NewReader(v), readOpts...)
	open, err := dec.ReadToken()
	if err != nil || open.Kind() != '{' && open.Kind() != '[' {
		return nil, err
	}
	var out []byte
	for dec.PeekKind() != '}' && dec.PeekKind() != ']' {
		var name []byte
		c := n.elem
		if open.Kind() == '{' {
			quoted, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			name = bytes.Clone(quoted)
			key, err := jsontext.AppendUnquote(nil, name)
			if err != nil {
				return nil, err
			}
			c = n.child[string(key)]
		}
		value, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		if c == nil {
			continue
		}
		kept, err := filter(bytes.Clone(value), c)
		if err != nil {
			return nil, err
		}
		if kept != nil {
			out = append(out, ',')
			if name != nil {
				out = append(append(out, name...), ':')
			}
			out = append(out, kept...)
		}
	}
	if _, err := dec.ReadToken(); err != nil || out == nil {
		return nil, err
	}
	out[0] = byte(open.Kind())
	return append(out, byte(open.Kind())+2), nil // '{'+2 is '}', '['+2 is ']'
}

// Locate returns the paths of the values of s in the JSON object doc, each
// array step replaced by the index of every element the array holds, in
// the order of s and then of the elements: what a lazy reader looks up.
// A path doc does not reach (a key it lacks, a null on the way) gives none.
func (s *Set) Locate(doc []byte) ([][]string, error) {
	v, err := jsonvalue.Decode(doc)
	if err != nil {
		return nil, fmt.Errorf("locating the fields: %w", err)
	}
	var out [][]string
	var locate func(v any, n *node, path []string)
	locate = func(v any, n *node, path []string) {
		if n.whole {
			out = append(out, path)
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range n.keys {
				if m, ok := v[k]; ok {
					locate(m, n.child[k], append(path[:len(path):len(path)], k))
				}
			}
		case []any:
			for i, e := range v {
				if n.elem != nil {
					locate(e, n.elem, append(path[:len(path):len(path)], strconv.Itoa(i)))
				}
			}
		}
	}
	locate(v, s.root, nil)
	return out, nil
}
