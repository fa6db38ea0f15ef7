package fields

import "github.com/jsoncost/jsoncost/internal/infer"

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
