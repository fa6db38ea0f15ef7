package infer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// A SyntaxError is invalid JSON at a line and column, both counted from 1;
// the column counts bytes.
type SyntaxError struct {
	Line, Column int
	Err          *json.SyntaxError
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %v", e.Line, e.Column, e.Err)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Infer returns the type of the JSON document data, declared under name.
// Nested structs are named after the path to them: the enclosing struct's
// name and the field's name, with "Item" appended for array elements and
// "Value" for map values. Invalid JSON is a *SyntaxError.
func Infer(name string, data []byte) (*Type, error) {
	if err := check(data); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var s shape
	if err := s.observe(dec); err != nil {
		return nil, err
	}
	b := builder{used: map[string]bool{}}
	t := b.build(&s, name)
	if t.Name == "" {
		t.Name = unique(name, b.used)
	}
	return t, nil
}

// check returns a *SyntaxError if data is not one valid JSON value.
func check(data []byte) error {
	var raw json.RawMessage
	err := json.Unmarshal(data, &raw)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	// Offset counts the bytes read up to and including the offending one.
	off := max(int(se.Offset)-1, 0)
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return &SyntaxError{Line: line, Column: col, Err: se}
}

// A shape is what the values seen at one place in a document have been.
type shape struct {
	n                  int // values seen, null included
	null, boolean, str bool
	ints, floats       bool
	obj                *object // the objects seen, merged
	elem               *shape  // the elements of the arrays seen; nil if no array
}

// An object is the merged keys of the objects seen at one place.
type object struct {
	n      int      // objects seen
	keys   []string // in the order first seen
	fields map[string]*shape
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

// observe reads one value from dec and records it in s.
func (s *shape) observe(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	s.n++
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
		if tok == '{' {
			return s.observeObject(dec)
		}
		return s.observeArray(dec)
	}
	return nil
}

func (s *shape) observeObject(dec *json.Decoder) error {
	if s.obj == nil {
		s.obj = &object{fields: map[string]*shape{}}
	}
	s.obj.n++
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		if err := s.obj.field(key.(string)).observe(dec); err != nil {
			return err
		}
	}
	_, err := dec.Token()
	return err
}

func (s *shape) observeArray(dec *json.Decoder) error {
	if s.elem == nil {
		s.elem = new(shape)
	}
	for dec.More() {
		if err := s.elem.observe(dec); err != nil {
			return err
		}
	}
	_, err := dec.Token()
	return err
}

func isInt(n json.Number) bool {
	_, err := strconv.ParseInt(string(n), 10, 64)
	return err == nil
}

// merge records in s everything o has seen.
func (s *shape) merge(o *shape) {
	s.n += o.n
	s.null = s.null || o.null
	s.boolean = s.boolean || o.boolean
	s.str = s.str || o.str
	s.ints = s.ints || o.ints
	s.floats = s.floats || o.floats
	if o.obj != nil {
		if s.obj == nil {
			s.obj = &object{fields: map[string]*shape{}}
		}
		s.obj.n += o.obj.n
		for _, k := range o.obj.keys {
			s.obj.field(k).merge(o.obj.fields[k])
		}
	}
	if o.elem != nil {
		if s.elem == nil {
			s.elem = new(shape)
		}
		s.elem.merge(o.elem)
	}
}

// isMap reports whether o is a dictionary rather than a record: it has no
// keys, all its keys are integers (ids), or a key cannot be a struct tag.
func (o *object) isMap() bool {
	numeric := true
	for _, k := range o.keys {
		if !validTag(k) {
			return true
		}
		_, err := strconv.ParseInt(k, 10, 64)
		numeric = numeric && err == nil
	}
	return numeric
}

// validTag reports whether encoding/json accepts key as the name in a json
// struct tag.
func validTag(key string) bool {
	if key == "" || key == "-" {
		return false
	}
	for _, r := range key {
		if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", r) && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// A builder turns shapes into types, naming structs uniquely.
type builder struct {
	used map[string]bool // type names
}

// build returns the type of the values s has seen; structs in it are named
// from name.
func (b *builder) build(s *shape, name string) *Type {
	t := b.nonNull(s, name)
	switch {
	case !s.null, t.Kind == Any, t.Kind == Slice, t.Kind == Map:
		return t // nil is null
	}
	return &Type{Kind: Pointer, Elem: t}
}

func (b *builder) nonNull(s *shape, name string) *Type {
	kinds := 0
	for _, seen := range []bool{s.boolean, s.str, s.ints || s.floats, s.obj != nil, s.elem != nil} {
		if seen {
			kinds++
		}
	}
	switch {
	case kinds != 1:
		return &Type{Kind: Any}
	case s.boolean:
		return &Type{Kind: Bool}
	case s.str:
		return &Type{Kind: String}
	case s.floats:
		return &Type{Kind: Float}
	case s.ints:
		return &Type{Kind: Int}
	case s.obj != nil:
		return b.object(s.obj, name)
	}
	return &Type{Kind: Slice, Elem: b.build(s.elem, name+"Item")}
}

func (b *builder) object(o *object, name string) *Type {
	if o.isMap() {
		var v shape
		for _, k := range o.keys {
			v.merge(o.fields[k])
		}
		return &Type{Kind: Map, Elem: b.build(&v, name+"Value")}
	}
	t := &Type{Kind: Struct, Name: unique(name, b.used)}
	for i, goName := range FieldNames(o.keys) {
		key := o.keys[i]
		f := Field{Name: goName, Key: key, Type: b.build(o.fields[key], t.Name+goName)}
		if o.fields[key].n < o.n {
			f = optional(f)
		}
		t.Fields = append(t.Fields, f)
	}
	return t
}

// optional makes f, whose key some objects lack, omitted when absent: a
// pointer (nil when absent) with omitempty. An any field is already nil
// when absent.
func optional(f Field) Field {
	if f.Type.Kind != Any && f.Type.Kind != Pointer {
		f.Type = &Type{Kind: Pointer, Elem: f.Type}
	}
	f.OmitEmpty = true
	return f
}
