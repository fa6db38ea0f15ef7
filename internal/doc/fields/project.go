package fields

import "github.com/jsoncost/jsoncost/gen/infer"

// ProjPrefix starts the name of every struct type Project makes: the
// types Infer names all start with the document's type name, so a
// projected name never collides with one of theirs.
const ProjPrefix = "Proj"

// Project returns t, a type s has every path of (see Check), pruned to the
// paths of s: structs keep the fields on a path, in t's order, under their
// name with ProjPrefix in front; what a path ends at keeps t's type.
func (s *Set) Project(t *infer.Type) *infer.Type { return project(t, s.root) }

func project(t *infer.Type, n *node) *infer.Type {
	if n.whole {
		return t
	}
	switch t.Kind {
	case infer.Pointer:
		return &infer.Type{Kind: infer.Pointer, Elem: project(t.Elem, n)}
	case infer.Slice:
		return &infer.Type{Kind: infer.Slice, Elem: project(t.Elem, n.elem)}
	}
	p := &infer.Type{Kind: infer.Struct, Name: ProjPrefix + t.Name}
	for _, f := range t.Fields {
		if c, ok := n.child[f.Key]; ok {
			f.Type = project(f.Type, c)
			p.Fields = append(p.Fields, f)
		}
	}
	return p
}
