package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/jsoncost/jsoncost/gen/infer"
)

// An object is a JSON object of a generated document together with its Go
// type: the struct called name, whose fields are keys in order. A value is
// a string, int64, float64, bool, time.Time, *object or []*object.
type object struct {
	name   string
	keys   []string
	values []any
}

func (o *object) add(key string, v any) {
	o.keys = append(o.keys, key)
	o.values = append(o.values, v)
}

// flat returns the object called name holding fs with values vs.
func flat(name string, fs []field, vs []any) *object {
	o := &object{name: name}
	for i, f := range fs {
		o.add(f.key, vs[i])
	}
	return o
}

// appendJSON appends v as encoding/json encodes the Go value it stands
// for: compact, fields in struct order.
func appendJSON(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case *object:
		b = append(b, '{')
		for i, k := range v.keys {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendJSON(b, k); err != nil {
				return nil, err
			}
			b = append(b, ':')
			if b, err = appendJSON(b, v.values[i]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case []*object:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendJSON(b, e); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	enc, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding %v: %w", v, err)
	}
	return append(b, enc...), nil
}

// goType returns the Go type of v. A slice's element type is that of its
// first element.
func goType(v any) *infer.Type {
	switch v := v.(type) {
	case string:
		return &infer.Type{Kind: infer.String}
	case int64:
		return &infer.Type{Kind: infer.Int}
	case float64:
		return &infer.Type{Kind: infer.Float}
	case bool:
		return &infer.Type{Kind: infer.Bool}
	case time.Time:
		return &infer.Type{Kind: infer.Time}
	case []*object:
		return &infer.Type{Kind: infer.Slice, Elem: goType(v[0])}
	case *object:
		t := &infer.Type{Kind: infer.Struct, Name: v.name}
		for i, name := range infer.FieldNames(v.keys) {
			t.Fields = append(t.Fields, infer.Field{Name: name, Key: v.keys[i], Type: goType(v.values[i])})
		}
		return t
	}
	panic(fmt.Sprintf("no Go type for %T", v))
}
