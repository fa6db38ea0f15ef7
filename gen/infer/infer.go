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

// bom is the UTF-8 byte-order mark, which Infer skips at the start of a
// document.
var bom = []byte("\uFEFF")

// Infer returns the type of the JSON document doc, declared under name,
// and a warning, one line each, for a leading byte-order mark (which it
// skips) and for every duplicate key (whose values it merges into one
// field).
//
// Nested structs are named by name followed by the Go name of the key
// holding them, with "Item" appended for array elements and "Value" for
// map values, and 2, 3, … appended to tell equal names apart. Invalid JSON
// is a *SyntaxError; values nested deeper than MaxDepth are an error.
func Infer(name string, doc []byte) (*Type, []string, error) {
	start, warnings := 0, []string(nil)
	if bytes.HasPrefix(doc, bom) {
		start = len(bom)
		warnings = append(warnings, bomWarning)
	}
	if err := check(doc, start); err != nil {
		return nil, nil, err
	}
	return infer(name, [][]byte{doc[start:]}, warnings)
}

// bomWarning is the warning about a skipped byte-order mark.
const bomWarning = "skipped the UTF-8 byte-order mark at the start"

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

// infer reads docs, valid JSON documents, into one shape and builds its
// type, named name. With several docs, paths in warnings and errors start
// with the index of the doc.
func infer(name string, docs [][]byte, warnings []string) (*Type, []string, error) {
	r := reader{warnings: warnings}
	var s shape
	for i, doc := range docs {
		r.dec = json.NewDecoder(bytes.NewReader(doc))
		r.dec.UseNumber()
		r.path, r.base = nil, 0
		if len(docs) > 1 {
			r.path, r.base = []step{{index: i}}, 1
		}
		if err := r.value(&s); err != nil {
			return nil, nil, err
		}
	}
	b := builder{root: name, used: newNameSet()}
	t := b.build(&s, name)
	if t.Name == "" {
		t.Name = b.used.unique(name)
	}
	return t, r.warnings, nil
}

// A shape is what the values seen at one place in a document have been.
type shape struct {
	null, boolean, str bool
	ints, floats       bool
	obj                *object // the objects seen, merged
	elem               *shape  // the elements of the arrays seen; nil if no array
}

// An object is the merged keys of the objects seen at one place.
type object struct {
	n       int               // objects seen
	keys    []string          // in the order first seen
	fields  map[string]*shape // the values of each key
	holders map[string]int    // how many of the objects hold each key
}

func newObject() *object {
	return &object{fields: map[string]*shape{}, holders: map[string]int{}}
}

func (o *object) field(key string) *shape {
	f, ok := o.fields[key]
	if !ok {
		f = new(shape)
		o.fields[key] = f
		o.keys = append(o.keys, key)
	}
	return f
}

// A reader records the values of a valid JSON document in shapes.
type reader struct {
	dec      *json.Decoder
	path     []step // from the root to the value being read
	base     int    // the steps of path above the document: its sample index
	warnings []string
}

// A step is an object key or, when index >= 0, an array index.
type step struct {
	key   string
	index int
}

// value reads one value and records it in s.
func (r *reader) value(s *shape) error {
	tok, err := r.dec.Token()
	if err != nil {
		return err
	}
	switch tok := tok.(type) {
	case nil:
		s.null = true
	case bool:
		s.boolean = true
	case string:
		s.str = true
	case json.Number:
		if isInt(tok) {
			s.ints = true
		} else {
			s.floats = true
		}
	case json.Delim:
		if len(r.path)-r.base == MaxDepth {
			return fmt.Errorf("nesting deeper than %d levels at %s", MaxDepth, r.where())
		}
		if tok == '{' {
			return r.object(s)
		}
		return r.array(s)
	}
	return nil
}

func (r *reader) object(s *shape) error {
	if s.obj == nil {
		s.obj = newObject()
	}
	o := s.obj
	o.n++
	seen := map[string]bool{}
	for r.dec.More() {
		tok, err := r.dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string)
		r.path = append(r.path, step{key: key, index: -1})
		if seen[key] {
			r.warnings = append(r.warnings, "duplicate key at "+r.where()+": its values are merged into one field")
		} else {
			seen[key] = true
			o.holders[key]++
		}
		if err := r.value(o.field(key)); err != nil {
			return err
		}
		r.path = r.path[:len(r.path)-1]
	}
	_, err := r.dec.Token()
	return err
}

func (r *reader) array(s *shape) error {
	if s.elem == nil {
		s.elem = new(shape)
	}
	for i := 0; r.dec.More(); i++ {
		r.path = append(r.path, step{index: i})
		if err := r.value(s.elem); err != nil {
			return err
		}
		r.path = r.path[:len(r.path)-1]
	}
	_, err := r.dec.Token()
	return err
}

// where returns the path to the value being read, as in $.a[0]["b c"].
func (r *reader) where() string {
	var b strings.Builder
	b.WriteString("$")
	for _, s := range r.path {
		switch {
		case s.index >= 0:
			fmt.Fprintf(&b, "[%d]", s.index)
		case token.IsIdentifier(s.key) || token.IsKeyword(s.key):
			b.WriteString("." + s.key)
		default:
			b.WriteString("[" + strconv.Quote(s.key) + "]")
		}
	}
	return b.String()
}

func isInt(n json.Number) bool {
	_, err := strconv.ParseInt(string(n), 10, 64)
	return err == nil
}

// merge records in s everything o has seen.
func (s *shape) merge(o *shape) {
	s.null = s.null || o.null
	s.boolean = s.boolean || o.boolean
	s.str = s.str || o.str
	s.ints = s.ints || o.ints
	s.floats = s.floats || o.floats
	if o.obj != nil {
		if s.obj == nil {
			s.obj = newObject()
		}
		s.obj.n += o.obj.n
		for _, k := range o.obj.keys {
			s.obj.field(k).merge(o.obj.fields[k])
			s.obj.holders[k] += o.obj.holders[k]
		}
	}
	if o.elem != nil {
		if s.elem == nil {
			s.elem = new(shape)
		}
		s.elem.merge(o.elem)
	}
}
