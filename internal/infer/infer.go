package infer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"strconv"
	"strings"
)

// MaxDepth is how deeply the objects and arrays of a document may nest:
// Infer refuses a document whose values nest deeper.
const MaxDepth = 100

// Infer returns the type of the JSON document doc, declared under name, and
// a one-line warning for a leading byte-order mark (skipped) and for each
// duplicate key (its values merged into one field). Nested structs are named
// name plus the key's Go name, "Item" for array elements, "Value" for map
// values and 2, 3, … to tell equal names apart. Invalid JSON is a
// *SyntaxError; values nested deeper than MaxDepth are an error.
func Infer(name string, doc []byte) (*Type, []string, error) {
	start, warnings := skipBOM(doc)
	if err := check(doc, start); err != nil {
		return nil, nil, err
	}
	return infer(name, [][]byte{doc[start:]}, warnings)
}

// InferSamples returns the type that fits every one of docs, several
// samples of one kind of document (see Samples), declared under name: the
// type Infer gives each element of an array of them. Warnings and errors
// name a sample by its index, as in $[2].id; invalid JSON in a sample is an
// error naming the sample, its *SyntaxError positioned within it.
func InferSamples(name string, docs [][]byte) (*Type, []string, error) {
	if len(docs) == 0 {
		return nil, nil, errors.New("no samples")
	}
	for i, doc := range docs {
		if err := check(doc, 0); err != nil {
			return nil, nil, fmt.Errorf("sample %d: %w", i+1, err)
		}
	}
	return infer(name, docs, nil)
}

// infer reads valid docs into one shape and builds its type.
func infer(name string, docs [][]byte, warnings []string) (*Type, []string, error) {
	r := reader{warnings: warnings}
	var s shape
	for i, doc := range docs {
		r.dec = json.NewDecoder(bytes.NewReader(doc))
		r.dec.UseNumber()
		r.path = nil
		if len(docs) > 1 {
			r.path = []string{index(i)}
		}
		if err := r.value(&s, 0); err != nil {
			return nil, nil, err
		}
	}
	b := builder{root: name, used: nameSet{}}
	t := b.build(&s, name)
	if t.Name == "" {
		t.Name = b.used.unique(name)
	}
	return t, r.warnings, nil
}

// A shape is what the values seen at one place in a document have been.
type shape struct {
	seen   seenKinds         // the kinds of value seen
	held   int               // as a member's value: how many objects held the key
	objs   int               // the objects seen
	keys   []string          // their keys, merged, in the order first seen
	fields map[string]*shape // the values of each key
	elem   *shape            // the elements of the arrays seen
}

type seenKinds uint8

const (
	null seenKinds = 1 << iota
	boolean
	str
	ints
	floats
	objects
	arrays
)

// field returns the shape of the values of the objects' key.
func (s *shape) field(key string) *shape {
	f, ok := s.fields[key]
	if !ok {
		if s.fields == nil {
			s.fields = map[string]*shape{}
		}
		f = new(shape)
		s.fields[key] = f
		s.keys = append(s.keys, key)
	}
	return f
}

func (s *shape) merge(o *shape) {
	s.seen |= o.seen
	s.held += o.held
	s.objs += o.objs
	for _, k := range o.keys {
		s.field(k).merge(o.fields[k])
	}
	if o.elem != nil {
		s.array().merge(o.elem)
	}
}

func (s *shape) array() *shape {
	if s.elem == nil {
		s.elem = new(shape)
	}
	return s.elem
}

type reader struct {
	dec      *json.Decoder
	path     []string // to the value being read: .key, ["key"] and [index]
	warnings []string
}

// value reads one value, and all an object or array holds, into s.
func (r *reader) value(s *shape, depth int) error {
	tok, err := r.dec.Token()
	if err != nil {
		return err
	}
	switch tok := tok.(type) {
	case nil:
		s.seen |= null
	case bool:
		s.seen |= boolean
	case string:
		s.seen |= str
	case json.Number:
		if _, err := tok.Int64(); err == nil {
			s.seen |= ints
		} else {
			s.seen |= floats
		}
	case json.Delim:
		if depth == MaxDepth {
			return fmt.Errorf("nesting deeper than %d levels at %s", MaxDepth, r.where())
		}
		if tok == '{' {
			s.seen |= objects
			s.objs++
		} else {
			s.seen |= arrays
			s.array()
		}
		seen := map[string]bool{}
		for i := 0; r.dec.More(); i++ {
			into := s.elem
			if tok == '{' {
				key, err := r.dec.Token()
				if err != nil {
					return err
				}
				r.path = append(r.path, keyStep(key.(string)))
				into = s.field(key.(string))
				if seen[key.(string)] {
					r.warnings = append(r.warnings, "duplicate key at "+r.where()+": its values are merged into one field")
				} else {
					seen[key.(string)] = true
					into.held++
				}
			} else {
				r.path = append(r.path, index(i))
			}
			if err := r.value(into, depth+1); err != nil {
				return err
			}
			r.path = r.path[:len(r.path)-1]
		}
		_, err = r.dec.Token() // the closing delimiter
	}
	return err
}

func (r *reader) where() string { return "$" + strings.Join(r.path, "") }

func index(i int) string { return "[" + strconv.Itoa(i) + "]" }

func keyStep(key string) string {
	if token.IsIdentifier(key) || token.IsKeyword(key) {
		return "." + key
	}
	return "[" + strconv.Quote(key) + "]"
}
