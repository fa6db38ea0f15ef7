package fields

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// readOpts read documents as they are: duplicate names and invalid UTF-8
// pass through, as they do through Elasticsearch.
var readOpts = []jsontext.Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}

// Filter returns the JSON object doc with only the paths of s, as
// Elasticsearch's _source_includes returns a document: members and array
// elements in doc's order and bytes; a value a path ends at kept whole; an
// object or array a path steps into kept with what is left of it, and left
// out when nothing is; a scalar a path would step into left out.
func (s *Set) Filter(doc []byte) ([]byte, error) {
	out, err := filter(doc, s.root)
	if err != nil {
		return nil, fmt.Errorf("filtering the document: %w", err)
	}
	if out == nil {
		return []byte("{}"), nil
	}
	return out, nil
}

// filter returns v filtered by n, or nil when nothing is left of it.
func filter(v []byte, n *node) ([]byte, error) {
	if n.whole {
		return v, nil
	}
	dec := jsontext.NewDecoder(bytes.NewReader(v), readOpts...)
	open, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	members := 0
	emit := func(name, value []byte) {
		if members == 0 {
			out.WriteByte(byte(open.Kind()))
		} else {
			out.WriteByte(',')
		}
		members++
		if name != nil {
			out.Write(name)
			out.WriteByte(':')
		}
		out.Write(value)
	}
	switch open.Kind() {
	case '{':
		for dec.PeekKind() != '}' {
			name, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			name = bytes.Clone(name)
			key, err := jsontext.AppendUnquote(nil, name)
			if err != nil {
				return nil, err
			}
			value, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			c, ok := n.child[string(key)]
			if !ok {
				continue
			}
			kept, err := keep(value, c)
			if err != nil {
				return nil, err
			}
			if kept != nil {
				emit(name, kept)
			}
		}
	case '[':
		for dec.PeekKind() != ']' {
			value, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			if n.elem == nil {
				continue
			}
			kept, err := keep(value, n.elem)
			if err != nil {
				return nil, err
			}
			if kept != nil {
				emit(nil, kept)
			}
		}
	default:
		return nil, nil
	}
	if members == 0 {
		return nil, nil
	}
	if open.Kind() == '{' {
		out.WriteByte('}')
	} else {
		out.WriteByte(']')
	}
	return out.Bytes(), nil
}

// keep returns what is kept of value below n: all of it when n is whole,
// what filter leaves of an object or array, nil for a scalar.
func keep(value []byte, n *node) ([]byte, error) {
	if n.whole {
		return bytes.Clone(value), nil
	}
	switch jsontext.Value(value).Kind() {
	case '{', '[':
		return filter(bytes.Clone(value), n)
	}
	return nil, nil
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
	locate(v, s.root, nil, &out)
	return out, nil
}

func locate(v any, n *node, path []string, out *[][]string) {
	if n.whole {
		*out = append(*out, path)
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for _, k := range n.keys {
			if m, ok := v[k]; ok {
				locate(m, n.child[k], append(path[:len(path):len(path)], k), out)
			}
		}
	case []any:
		if n.elem == nil {
			return
		}
		for i, e := range v {
			locate(e, n.elem, append(path[:len(path):len(path)], strconv.Itoa(i)), out)
		}
	}
}
