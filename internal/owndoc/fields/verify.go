package fields

import (
	"cmp"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// The checks below hold a filtered document and a projected type to what
// FIELDS names, by walking them on their own: neither Filter nor Project
// takes part, so a fault in either shows as a path one has and the other
// lacks.

// A pathSet counts leaves (scalars, nulls, empty objects and arrays) by key.
type pathSet map[string]int

// add counts the leaf at steps, but not the empty document itself.
func (ps pathSet) add(steps []string) {
	if len(steps) > 0 {
		ps[key(steps)]++
	}
}

// key encodes steps unambiguously: keys quoted, array steps [], NUL between.
func key(steps []string) string {
	enc := make([]string, len(steps))
	for i, st := range steps {
		enc[i] = "[]"
		if st != "" {
			enc[i] = strconv.Quote(st)
		}
	}
	return strings.Join(enc, "\x00")
}

func name(k string) string {
	var b strings.Builder
	for i, st := range strings.Split(k, "\x00") {
		if st != "[]" {
			st, _ = strconv.Unquote(st)
			if i > 0 {
				b.WriteString(".")
			}
		}
		b.WriteString(st)
	}
	return b.String()
}

// compare reports the first leaf, those of all first, that kept, the leaves
// of what (a filtered document or a projected type), holds a different
// number of times than the leaves of all that s covers (at or below one of
// its paths); has is what what does with a leaf, lacks what follows the
// error for a missing one.
func (s *Set) compare(kept, all pathSet, what, has, lacks string) error {
	want := pathSet{}
	for _, prefix := range s.keys {
		for k, n := range all {
			if k == prefix || strings.HasPrefix(k, prefix+"\x00") {
				want[k] = n
			}
		}
	}
	for _, ps := range []pathSet{want, kept} {
		for _, k := range slices.Sorted(maps.Keys(ps)) {
			switch leaf, got, want := name(k), kept[k], want[k]; {
			case got == want:
			case want == 0:
				return fmt.Errorf("the %s %s %q, which is not in FIELDS", what, has, leaf)
			case got == 0:
				return fmt.Errorf("the %s lacks %q, which FIELDS names%s", what, leaf, lacks)
			default:
				return fmt.Errorf("the %s holds %d %q, the document %d", what, got, leaf, want)
			}
		}
	}
	return nil
}

// CheckFiltered reports the first leaf where filtered, doc filtered to s,
// is not exactly what s names of doc: a leaf it holds that no path of s
// leads to, or one a path leads to that it lacks.
func (s *Set) CheckFiltered(doc, filtered []byte) error {
	all, err := leaves(doc)
	kept, err2 := leaves(filtered)
	if err = cmp.Or(err, err2); err != nil {
		return fmt.Errorf("checking the filtered document: %w", err)
	}
	return s.compare(kept, all, "filtered document", "holds", " and the document holds")
}

func leaves(doc []byte) (pathSet, error) {
	v, err := jsonvalue.Decode(doc)
	ps := pathSet{}
	jsonvalue.Walk(v, func(steps []string, _ any) { ps.add(steps) })
	return ps, err
}

// CheckType reports the first leaf where proj, the projected type, is not
// exactly what s names of full, the document's type: a leaf it has that no
// path of s leads to, or one a path leads to that it lacks. Leaves are
// found by the json names of struct fields: what encoding/json decodes.
// The types must not be recursive; the generated ones never are.
func (s *Set) CheckType(full, proj reflect.Type) error {
	return s.compare(typeLeaves(proj), typeLeaves(full), "projected type", "has", "")
}

// typeLeaves returns the leaves of t by json names: a map, an interface,
// []byte and a struct without fields encoding/json sees are leaves.
func typeLeaves(t reflect.Type) pathSet {
	ps := pathSet{}
	var walk func(t reflect.Type, steps []string)
	walk = func(t reflect.Type, steps []string) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch {
		case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem().Kind() != reflect.Uint8:
			walk(t.Elem(), append(steps[:len(steps):len(steps)], ""))
			return
		case t.Kind() == reflect.Struct:
			n := 0
			for f := range t.Fields() {
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if !f.IsExported() || name == "-" {
					continue
				}
				n++
				walk(f.Type, append(steps[:len(steps):len(steps)], cmp.Or(name, f.Name)))
			}
			if n > 0 {
				return
			}
		}
		ps.add(steps)
	}
	walk(t, nil)
	return ps
}
