package fields

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// The checks below hold a filtered document and a projected type to what
// FIELDS names, by walking them on their own: neither Filter nor Project
// takes part, so a fault in either shows as a path one has and the other
// lacks.

// A pathSet counts leaf paths: scalars, nulls, empty objects and empty
// arrays, each by the keys and array steps that lead to it. Keys are
// quoted, so a key holding a dot or brackets names no other path.
type pathSet map[string]*leaf

type leaf struct {
	name string // in FIELDS syntax: price.amount, items[].sku
	n    int
}

// add counts the leaf at steps (keys, and "" for an array step).
func (ps pathSet) add(steps []string) {
	if len(steps) == 0 {
		return // the document itself, empty
	}
	k := key(steps)
	if l, ok := ps[k]; ok {
		l.n++
		return
	}
	var name strings.Builder
	for i, st := range steps {
		switch {
		case st == "":
			name.WriteString("[]")
		case i > 0:
			name.WriteString(".")
			fallthrough
		default:
			name.WriteString(st)
		}
	}
	ps[k] = &leaf{name: name.String(), n: 1}
}

// key encodes steps unambiguously: quoted keys and [] joined by dots.
func key(steps []string) string {
	enc := make([]string, len(steps))
	for i, st := range steps {
		enc[i] = "[]"
		if st != "" {
			enc[i] = strconv.Quote(st)
		}
	}
	return strings.Join(enc, ".")
}

// covered returns the leaves of ps that a path of s leads to or holds.
func (s *Set) covered(ps pathSet) pathSet {
	var prefixes []string
	for _, p := range s.paths {
		steps, _ := split(p) // Parse split it already
		for i, st := range steps {
			if st == "[]" {
				steps[i] = ""
			}
		}
		prefixes = append(prefixes, key(steps))
	}
	out := pathSet{}
	for k, l := range ps {
		if slices.ContainsFunc(prefixes, func(p string) bool { return k == p || strings.HasPrefix(k, p+".") }) {
			out[k] = l
		}
	}
	return out
}

// differ returns the first difference between got and want, in the order
// of their paths: first a leaf got lacks, or holds fewer times; then one
// it holds that want does not, or holds more often.
func differ(got, want pathSet) (name string, gotN, wantN int, ok bool) {
	for _, pass := range []struct{ a, b pathSet }{{want, got}, {got, want}} {
		keys := slices.Sorted(maps.Keys(pass.a))
		for _, k := range keys {
			if g, w := got[k].count(), want[k].count(); g != w {
				return pass.a[k].name, g, w, true
			}
		}
	}
	return "", 0, 0, false
}

// count is how many times l occurs; 0 for none.
func (l *leaf) count() int {
	if l == nil {
		return 0
	}
	return l.n
}

// CheckFiltered reports the first leaf where filtered, doc filtered to s,
// is not exactly what s names of doc: a leaf it holds that no path of s
// leads to, or one a path leads to that it lacks.
func (s *Set) CheckFiltered(doc, filtered []byte) error {
	all, err := leaves(doc)
	if err != nil {
		return fmt.Errorf("checking the filtered document: %w", err)
	}
	kept, err := leaves(filtered)
	if err != nil {
		return fmt.Errorf("checking the filtered document: %w", err)
	}
	name, got, want, ok := differ(kept, s.covered(all))
	switch {
	case !ok:
		return nil
	case want == 0:
		return fmt.Errorf("the filtered document holds %q, which is not in FIELDS", name)
	case got == 0:
		return fmt.Errorf("the filtered document lacks %q, which FIELDS names and the document holds", name)
	}
	return fmt.Errorf("the filtered document holds %d %q, the document %d", got, name, want)
}

// leaves returns the leaf paths of the JSON document doc.
func leaves(doc []byte) (pathSet, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(doc), readOpts...)
	ps := pathSet{}
	var walk func(steps []string) error
	walk = func(steps []string) error {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		end := jsontext.Kind('}')
		switch tok.Kind() {
		case '[':
			end = ']'
		case '{':
		default:
			ps.add(steps)
			return nil
		}
		if dec.PeekKind() == end {
			ps.add(steps)
		}
		for dec.PeekKind() != end {
			next := ""
			if end == '}' {
				name, err := dec.ReadToken()
				if err != nil {
					return err
				}
				next = name.String()
			}
			if err := walk(append(steps[:len(steps):len(steps)], next)); err != nil {
				return err
			}
		}
		_, err = dec.ReadToken()
		return err
	}
	return ps, walk(nil)
}

// CheckType reports the first leaf where proj, the projected type, is not
// exactly what s names of full, the document's type: a leaf it has that no
// path of s leads to, or one a path leads to that it lacks. Leaves are
// found by the json names of struct fields: what encoding/json decodes.
// The types must not be recursive; the generated ones never are.
func (s *Set) CheckType(full, proj reflect.Type) error {
	name, got, want, _ := differ(typeLeaves(proj), s.covered(typeLeaves(full)))
	switch {
	case want == 0 && got > 0:
		return fmt.Errorf("the projected type has %q, which is not in FIELDS", name)
	case got == 0 && want > 0:
		return fmt.Errorf("the projected type lacks %q, which FIELDS names", name)
	}
	return nil
}

// typeLeaves returns the leaf paths of values of t: each field of a
// struct by its json name, [] for the elements of a slice or array; a
// map, an interface, []byte and a struct without fields encoding/json
// sees are leaves.
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
