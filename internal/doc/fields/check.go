package fields

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/gen/infer"
)

// Check reports the first path of s that t, a document's type, does not
// have: a key no object there holds, a step into something that is not an
// object (a map's keys are not fixed), or a [] where there is no array.
// The error names the path and lists the nearest paths t has.
func (s *Set) Check(t *infer.Type) error {
	for _, p := range s.paths {
		steps, _ := split(p) // Parse split it already
		if has(t, steps) {
			continue
		}
		avail := available(t)
		if len(avail) == 0 {
			return fmt.Errorf("FIELDS: %q is not a path in the document, whose keys are not fixed (they are numbers or cannot be Go struct tags)", p)
		}
		return fmt.Errorf("FIELDS: %q is not a path in the document; nearest: %s", p, strings.Join(nearest(p, avail), ", "))
	}
	return nil
}

func has(t *infer.Type, steps []string) bool {
	for _, st := range steps {
		t = deref(t)
		switch {
		case st == "" && t.Kind == infer.Slice:
			t = t.Elem
		case st != "" && t.Kind == infer.Struct:
			i := slices.IndexFunc(t.Fields, func(f infer.Field) bool { return f.Key == st })
			if i < 0 {
				return false
			}
			t = t.Fields[i].Type
		default:
			return false
		}
	}
	return true
}

func deref(t *infer.Type) *infer.Type {
	for t.Kind == infer.Pointer {
		t = t.Elem
	}
	return t
}

// available returns every path t has, parents before what they hold.
func available(t *infer.Type) []string {
	var out []string
	var walk func(t *infer.Type, prefix string)
	walk = func(t *infer.Type, prefix string) {
		t = deref(t)
		switch t.Kind {
		case infer.Slice:
			walk(t.Elem, prefix+"[]")
		case infer.Struct:
			for _, f := range t.Fields {
				p := f.Key
				if prefix != "" {
					p = prefix + "." + f.Key
				}
				out = append(out, p)
				if ft := deref(f.Type); ft.Kind == infer.Slice || ft.Kind == infer.Struct {
					walk(f.Type, p)
				}
			}
		}
	}
	walk(t, "")
	return out
}

// nearest returns the five paths closest to p, closest first; ties keep
// the order of paths.
func nearest(p string, paths []string) []string {
	paths = slices.Clone(paths)
	slices.SortStableFunc(paths, func(a, b string) int { return cmp.Compare(distance(p, a), distance(p, b)) })
	return paths[:min(5, len(paths))]
}

// distance is the Levenshtein distance in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
