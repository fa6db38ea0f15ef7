// Package fields reads the fields a client uses, as make bench-doc takes
// them (FIELDS=id,title,price.amount,items[].sku), and applies them to a
// document: to its inferred Go type (Check, Project) and to its samples
// (Filter, Locate).
//
// A path is keys separated by dots; a key followed by [] steps into the
// elements of the array it holds, once per []. A path that ends at an
// object or array keeps all of it.
//
// Parse builds a tree of the paths; Check finds each in the document's type
// (or names the nearest there); Project prunes the type to them, giving the
// type a client decodes into. Filter prunes a sample as Elasticsearch's
// _source_includes does; Locate lists the concrete paths of a sample that a
// lazy reader looks up.
package fields

import (
	"fmt"
	"slices"
	"strings"
)

// A Set is the parsed paths of a FIELDS list, as a tree.
type Set struct {
	paths []string // as written, trimmed, without duplicates
	keys  []string // the key of each path (see key)
	root  *node
}

// A node is one place in the tree: kept whole, or the keys below it in
// the order the paths name them, and the elements of the array it holds.
type node struct {
	whole bool
	keys  []string
	child map[string]*node
	elem  *node
}

func newNode() *node { return &node{child: map[string]*node{}} }

// step returns n's child for key, or for the elements when key is "".
func (n *node) step(key string) *node {
	if key == "" {
		if n.elem == nil {
			n.elem = newNode()
		}
		return n.elem
	}
	c, ok := n.child[key]
	if !ok {
		c = newNode()
		n.child[key] = c
		n.keys = append(n.keys, key)
	}
	return c
}

// Parse reads a comma-separated list of paths. An empty list gives a nil
// Set: no projection. A path with an empty key is an error naming it.
func Parse(spec string) (*Set, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, nil
	}
	s := &Set{root: newNode()}
	for _, p := range strings.Split(spec, ",") {
		p = strings.TrimSpace(p)
		steps, err := split(p)
		if err != nil {
			return nil, fmt.Errorf("FIELDS: path %q: %w", p, err)
		}
		if slices.Contains(s.paths, p) {
			continue
		}
		s.paths, s.keys = append(s.paths, p), append(s.keys, key(steps))
		n := s.root
		for _, st := range steps {
			n = n.step(st)
		}
		n.whole = true
	}
	return s, nil
}

// split returns the steps of a path: keys, and "" into an array.
func split(p string) ([]string, error) {
	var steps []string
	for _, seg := range strings.Split(p, ".") {
		key, n := seg, 0
		for ; strings.HasSuffix(key, "[]"); n++ {
			key = strings.TrimSuffix(key, "[]")
		}
		if key == "" {
			return nil, fmt.Errorf("empty key (write a.b, a[].b)")
		}
		if strings.ContainsAny(key, "[]") {
			return nil, fmt.Errorf("key %q: [] may only follow a key", key)
		}
		steps = append(append(steps, key), make([]string, n)...) // "" for each []
	}
	return steps, nil
}

// String returns the paths, as written, joined by commas; "" for nil.
func (s *Set) String() string {
	if s == nil {
		return ""
	}
	return strings.Join(s.paths, ",")
}
