package api

import (
	"cmp"
	"fmt"
	"reflect"
	"strings"
)

// A projector copies the fields a projected type shares by JSON name with a document's type.
type projector func(dst, src reflect.Value)

// newProjector plans the copy from src to dst once: a field of the same type is assigned, a struct
// copied field by field, a slice element by element. Every field of dst must have one in src.
func newProjector(dst, src reflect.Type) (projector, error) {
	switch {
	case dst == src:
		return func(d, s reflect.Value) { d.Set(s) }, nil
	case dst.Kind() == reflect.Struct && src.Kind() == reflect.Struct:
		type field struct {
			d, s int
			copy projector
		}
		var fields []field
		byName := map[string]int{}
		for j := range src.NumField() {
			if name, ok := jsonName(src.Field(j)); ok {
				byName[name] = j
			}
		}
		for i := range dst.NumField() {
			name, ok := jsonName(dst.Field(i))
			if !ok {
				continue
			}
			j, ok := byName[name]
			if !ok {
				return nil, fmt.Errorf("projecting %s from %s: no field %q", dst, src, name)
			}
			p, err := newProjector(dst.Field(i).Type, src.Field(j).Type)
			if err != nil {
				return nil, err
			}
			fields = append(fields, field{i, j, p})
		}
		return func(d, s reflect.Value) {
			for _, f := range fields {
				f.copy(d.Field(f.d), s.Field(f.s))
			}
		}, nil
	case dst.Kind() == reflect.Slice && src.Kind() == reflect.Slice:
		elem, err := newProjector(dst.Elem(), src.Elem())
		if err != nil {
			return nil, err
		}
		return func(d, s reflect.Value) {
			n := s.Len()
			out := reflect.MakeSlice(dst, n, n)
			for i := range n {
				elem(out.Index(i), s.Index(i))
			}
			d.Set(out)
		}, nil
	}
	return nil, fmt.Errorf("cannot project %s from %s", dst, src)
}

func jsonName(f reflect.StructField) (string, bool) {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return cmp.Or(name, f.Name), f.IsExported() && name != "-"
}
