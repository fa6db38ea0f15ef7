package fields

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/infer"
)

// Check reports the first path of s that t, a document's type, does not
// have: a key no object there holds, a step into something that is not an
// object (a map's keys are not fixed), or a [] where there is no array.
// The error names the path and lists the nearest paths t has.
func (s *Set) Check(t *infer.Type) error {
	have := pathSet{}  // every path t has
	var names []string // those that do not end at array elements, parents first
	var walk func(t *infer.Type, steps []string)
	walk = func(t *infer.Type, steps []string) {
		for t.Kind == infer.Pointer {
			t = t.Elem
		}
		have.add(steps)
		if len(steps) > 0 && steps[len(steps)-1] != "" {
			names = append(names, name(key(steps)))
		}
		switch t.Kind {
		case infer.Slice:
			walk(t.Elem, append(slices.Clip(steps), ""))
		case infer.Struct:
			for _, f := range t.Fields {
				walk(f.Type, append(slices.Clip(steps), f.Key))
			}
		}
	}
	walk(t, nil)
	for i, p := range s.paths {
		if have[s.keys[i]] > 0 {
			continue
		}
		if len(names) == 0 {
			return fmt.Errorf("FIELDS: %q is not a path in the document, whose keys are not fixed (they are numbers or cannot be Go struct tags)", p)
		}
		slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(distance(p, a), distance(p, b)) })
		return fmt.Errorf("FIELDS: %q is not a path in the document; nearest: %s", p, strings.Join(names[:min(5, len(names))], ", "))
	}
	return nil
}

// distance is the Levenshtein distance in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	row := make([]int, len(rb)+1) // distances from ra[:i] to each rb[:j]
	for j := range row {
		row[j] = j
	}
	for i := range ra {
		diag := row[0]
		row[0] = i + 1
		for j := range rb {
			cost := 1
			if ra[i] == rb[j] {
				cost = 0
			}
			diag, row[j+1] = row[j+1], min(row[j+1]+1, row[j]+1, diag+cost)
		}
	}
	return row[len(rb)]
}

// Project returns t, a type s has every path of (see Check), pruned to the
// paths of s: structs keep the fields on a path, in t's order, under their
// name with "Proj" in front (Infer's names all start with the document's
// type name, so no projected name is one of theirs); what a path ends at
// keeps t's type.
func (s *Set) Project(t *infer.Type) *infer.Type { return project(t, s.root) }

func project(t *infer.Type, n *node) *infer.Type {
	switch {
	case n.whole:
		return t
	case t.Kind == infer.Pointer:
		return &infer.Type{Kind: infer.Pointer, Elem: project(t.Elem, n)}
	case t.Kind == infer.Slice:
		return &infer.Type{Kind: infer.Slice, Elem: project(t.Elem, n.elem)}
	}
	p := &infer.Type{Kind: infer.Struct, Name: "Proj" + t.Name}
	for _, f := range t.Fields {
		if c, ok := n.child[f.Key]; ok {
			f.Type = project(f.Type, c)
			p.Fields = append(p.Fields, f)
		}
	}
	return p
}
