package api

import (
	"fmt"
	"reflect"
)

// A projector copies the fields a projected type shares by name with a document's type.
type projector func(dst, src reflect.Value)

// newProjector plans the copy from src to dst once: a field of the same type is assigned, a struct
// copied field by field, a slice element by element. Every field of dst must have one in src.
func newProjector(dst, src reflect.Type) (projector, error) {
	switch {
	case dst == src:
		return func(d, s reflect.Value) { d.Set(s) }, nil
	case dst.Kind() == reflect.Struct && src.Kind() == reflect.Struct:
		var fields []projector
		for i := range dst.NumField() {
			f := dst.Field(i)
			sf, ok := src.FieldByName(f.Name)
			if !ok {
				return nil, fmt.Errorf("projecting %s from %s: no field %s", dst, src, f.Name)
			}
			p, err := newProjector(f.Type, sf.Type)
			if err != nil {
				return nil, err
			}
			fields = append(fields, func(d, s reflect.Value) { p(d.Field(i), s.FieldByIndex(sf.Index)) })
		}
		return func(d, s reflect.Value) {
			for _, f := range fields {
				f(d, s)
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
