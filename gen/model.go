package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jsoncost/jsoncost/internal/infer"
)

// An object is a JSON object of a generated document and the struct called
// name it decodes into. A value is a string, int64, float64, bool,
// time.Time, *object or []*object.
type object struct {
	name   string
	keys   []string
	values []any
}

// obj returns the object called name with keys and values alternating in kv.
func obj(name string, kv ...any) *object {
	o := &object{name: name}
	for i := 0; i < len(kv); i += 2 {
		o.add(kv[i].(string), kv[i+1])
	}
	return o
}

func (o *object) add(key string, v any) {
	o.keys = append(o.keys, key)
	o.values = append(o.values, v)
}

// MarshalJSON encodes o as encoding/json encodes its struct.
func (o *object) MarshalJSON() ([]byte, error) {
	members := make([]string, len(o.keys))
	for i, k := range o.keys {
		key, _ := json.Marshal(k) // a string always encodes
		v, err := json.Marshal(o.values[i])
		if err != nil {
			return nil, err
		}
		members[i] = string(key) + ":" + string(v)
	}
	return []byte("{" + strings.Join(members, ",") + "}"), nil
}

func encode(o *object) []byte {
	data, err := json.Marshal(o)
	if err != nil {
		panic(fmt.Sprintf("encoding %s: %v", o.name, err))
	}
	return data
}

var scalarKinds = map[string]infer.Kind{"string": infer.String, "int64": infer.Int, "float64": infer.Float, "bool": infer.Bool, "time.Time": infer.Time}

// goType returns the Go type of v, a slice's that of its first element.
func goType(v any) *infer.Type {
	switch v := v.(type) {
	case []*object:
		return &infer.Type{Kind: infer.Slice, Elem: goType(v[0])}
	case *object:
		t := &infer.Type{Kind: infer.Struct, Name: v.name}
		for i, name := range infer.FieldNames(v.keys) {
			t.Fields = append(t.Fields, infer.Field{Name: name, Key: v.keys[i], Type: goType(v.values[i])})
		}
		return t
	}
	k, ok := scalarKinds[fmt.Sprintf("%T", v)]
	if !ok {
		panic(fmt.Sprintf("no Go type for %T", v))
	}
	return &infer.Type{Kind: k}
}
