package main

import (
	"fmt"
	"strings"
)

// projWidth is the number of fields a projection keeps: the fields a
// client really uses.
const projWidth = 5

// spread returns the indices of projWidth of n ≥ projWidth items spread
// through them: the first, those about a quarter, half and three quarters
// of the way, and the last, each the nearest index (halves rounded up).
// A lazy reader that stops at the last field it needs still reads the
// whole document.
func spread(n int) []int {
	idx := make([]int, projWidth)
	q := projWidth - 1 // the quarters
	for i := range idx {
		idx[i] = (2*i*(n-1) + q) / (2 * q) // i/q of the way, rounded
	}
	return idx
}

// project returns the projection of doc called name: doc's spread leaves
// (its scalar values, in document order) inside the objects that hold them
// in doc, each of those renamed from doc's name prefix to name's; and the
// Go expression of the leaves' paths.
func project(doc *object, name string) (*object, string) {
	var paths [][]string
	var walk func(o *object, prefix []string)
	walk = func(o *object, prefix []string) {
		for i, k := range o.keys {
			path := append(prefix[:len(prefix):len(prefix)], k)
			if child, ok := o.values[i].(*object); ok {
				walk(child, path)
			} else {
				paths = append(paths, path)
			}
		}
	}
	walk(doc, nil)
	keep := map[string]bool{}
	var exprs []string
	for _, i := range spread(len(paths)) {
		keep[strings.Join(paths[i], "\x00")] = true
		exprs = append(exprs, goStrings(paths[i]))
	}
	return prune(doc, doc.name, name, nil, keep), "[][]string{" + strings.Join(exprs, ", ") + "}"
}

// prune returns o with only the leaves whose paths (below prefix, joined
// by NUL) are in keep, and the objects that hold them;
// every object's name has from replaced by to.
func prune(o *object, from, to string, prefix []string, keep map[string]bool) *object {
	p := &object{name: to + strings.TrimPrefix(o.name, from)}
	for i, k := range o.keys {
		path := append(prefix[:len(prefix):len(prefix)], k)
		if child, ok := o.values[i].(*object); ok {
			if c := prune(child, from, to, path, keep); len(c.keys) > 0 {
				p.add(k, c)
			}
		} else if keep[strings.Join(path, "\x00")] {
			p.add(k, o.values[i])
		}
	}
	return p
}

// goStrings returns the Go expression of ss as the composite literal of
// one []string element: {"a", "b"}.
func goStrings(ss []string) string {
	return strings.Replace(fmt.Sprintf("%#v", ss), "[]string{", "{", 1)
}
