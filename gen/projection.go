package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// projWidth is how many fields a projection keeps.
const projWidth = 5

// spread returns the indices of projWidth of n items: the first, the
// quarters (halves rounded up) and the last, so that a lazy reader still
// reads the whole document.
func spread(n int) []int {
	idx := make([]int, projWidth)
	q := projWidth - 1 // the quarters
	for i := range idx {
		idx[i] = (2*i*(n-1) + q) / (2 * q) // i/q of the way, rounded
	}
	return idx
}

// project returns doc's spread leaves, in the objects holding them renamed
// from doc's name prefix to name, and the Go expression of their paths. doc
// holds no arrays, so its leaves are the scalars of its encoding.
func project(doc *object, name string) (*object, string) {
	n, _ := jsonvalue.Scalars(encode(doc)) // encode writes valid JSON
	keep := spread(n)
	var exprs []string
	leaf := 0
	var prune func(o *object, prefix []string) *object
	prune = func(o *object, prefix []string) *object {
		p := &object{name: name + strings.TrimPrefix(o.name, doc.name)}
		for i, k := range o.keys {
			path := append(prefix[:len(prefix):len(prefix)], k)
			if child, ok := o.values[i].(*object); ok {
				if c := prune(child, path); len(c.keys) > 0 {
					p.add(k, c)
				}
				continue
			}
			if slices.Contains(keep, leaf) {
				p.add(k, o.values[i])
				exprs = append(exprs, goStrings(path))
			}
			leaf++
		}
		return p
	}
	return prune(doc, nil), "[][]string{" + strings.Join(exprs, ", ") + "}"
}

// goStrings returns ss as one []string element: {"a", "b"}.
func goStrings(ss []string) string {
	return strings.Replace(fmt.Sprintf("%#v", ss), "[]string{", "{", 1)
}
