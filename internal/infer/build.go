package infer

import (
	"strconv"
	"strings"
	"unicode"
)

// A builder turns shapes into types, naming structs uniquely.
type builder struct {
	root string  // the document's type name, which starts every other
	used nameSet // type names
}

var scalarKinds = map[seenKinds]Kind{boolean: Bool, str: String, ints: Int, floats: Float}

// build returns the type of s, a struct named name made unique; a pointer
// to it when s holds null too and nil cannot stand for null.
func (b *builder) build(s *shape, name string) *Type {
	t := b.nonNull(s, name)
	if s.seen&null == 0 || t.Kind == Any || t.Kind == Slice || t.Kind == Map {
		return t
	}
	return &Type{Kind: Pointer, Elem: t}
}

func (b *builder) nonNull(s *shape, name string) *Type {
	k := s.seen &^ null
	if k&floats != 0 {
		k &^= ints // a number
	}
	if kind, ok := scalarKinds[k]; ok {
		return &Type{Kind: kind}
	} else if k == arrays {
		return &Type{Kind: Slice, Elem: b.build(s.elem, name+"Item")}
	} else if k != objects {
		return &Type{Kind: Any}
	}
	if s.isMap() {
		var v shape
		for _, k := range s.keys {
			v.merge(s.fields[k])
		}
		return &Type{Kind: Map, Elem: b.build(&v, name+"Value")}
	}
	t := &Type{Kind: Struct, Name: b.used.unique(name)}
	for i, goName := range FieldNames(s.keys) {
		key := s.keys[i]
		f := Field{Name: goName, Key: key, Type: b.build(s.fields[key], b.root+goName)}
		// A key some objects lack is a pointer with omitempty.
		if s.fields[key].held < s.objs {
			if k := f.Type.Kind; k != Any && k != Pointer {
				f.Type = &Type{Kind: Pointer, Elem: f.Type}
			}
			f.OmitEmpty = true
		}
		t.Fields = append(t.Fields, f)
	}
	return t
}

// isMap reports whether the objects of s are a dictionary: no keys, only
// integer keys, or a key that cannot be a struct tag.
func (s *shape) isMap() bool {
	numeric := true
	for _, k := range s.keys {
		if !validTag(k) {
			return true
		}
		_, err := strconv.ParseInt(k, 10, 64)
		numeric = numeric && err == nil
	}
	return numeric
}

// validTag reports whether key can be a struct tag's name: not empty, not
// "-", and only letters, digits and the punctuation a tag allows.
func validTag(key string) bool {
	return key != "" && key != "-" && !strings.ContainsFunc(key, func(r rune) bool {
		return !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", r) && !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
