// Package tmplcheck checks text/template templates against the Go types
// they are executed on, for the tests of the packages whose pages they
// write: every field, method, variable and template a template names must
// exist on the type at that point, on every branch, so that no template
// fails only on the branch a new kind of run takes first.
package tmplcheck

import (
	"maps"
	"reflect"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"
)

// Check walks the templates of tmpl named in roots from a value of the
// type each is executed on, and every template they execute, and fails t
// for each name that does not exist; funcs is tmpl's FuncMap. A template
// of tmpl that no root reaches is an error too. A value of an interface
// type is not checked past.
func Check(t testing.TB, tmpl *template.Template, funcs template.FuncMap, roots map[string]any) {
	t.Helper()
	c := checker{t: t, tmpl: tmpl, funcs: funcs, seen: map[string]bool{}}
	for name, v := range roots {
		c.template(name, reflect.TypeOf(v))
	}
	for _, tm := range tmpl.Templates() {
		if name := tm.Name(); name != "" && !c.used(name) {
			t.Errorf("template %s is executed from no root the check knows", name)
		}
	}
}

// A checker walks templates with the types their dots and variables hold.
type checker struct {
	t     testing.TB
	tmpl  *template.Template
	funcs template.FuncMap
	seen  map[string]bool // template name and dot type, walked
}

var anyType = reflect.TypeFor[any]()

func (c *checker) used(name string) bool {
	for k := range c.seen {
		if strings.HasPrefix(k, name+"@") {
			return true
		}
	}
	return false
}

// template walks the template name with dot of type dot.
func (c *checker) template(name string, dot reflect.Type) {
	key := name + "@" + dot.String()
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	tm := c.tmpl.Lookup(name)
	if tm == nil {
		c.t.Errorf("no template %s", name)
		return
	}
	c.list(name, tm.Tree.Root, dot, map[string]reflect.Type{"$": dot})
}

func (c *checker) list(name string, l *parse.ListNode, dot reflect.Type, vars map[string]reflect.Type) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		c.node(name, n, dot, vars)
	}
}

func (c *checker) node(name string, n parse.Node, dot reflect.Type, vars map[string]reflect.Type) {
	switch n := n.(type) {
	case *parse.ActionNode:
		c.pipe(name, n.Pipe, dot, vars)
	case *parse.IfNode:
		c.pipe(name, n.Pipe, dot, vars)
		c.list(name, n.List, dot, clone(vars))
		c.list(name, n.ElseList, dot, clone(vars))
	case *parse.WithNode:
		inner := clone(vars)
		typ := c.pipe(name, n.Pipe, dot, inner)
		c.list(name, n.List, typ, inner)
		c.list(name, n.ElseList, dot, clone(vars))
	case *parse.RangeNode:
		inner := clone(vars)
		typ := c.pipe(name, n.Pipe, dot, inner)
		key, elem := anyType, anyType
		switch typ.Kind() {
		case reflect.Slice, reflect.Array:
			key, elem = reflect.TypeFor[int](), typ.Elem()
		case reflect.Map:
			key, elem = typ.Key(), typ.Elem()
		case reflect.Int:
			key, elem = typ, typ
		}
		if d := n.Pipe.Decl; len(d) == 2 {
			inner[d[0].Ident[0]], inner[d[1].Ident[0]] = key, elem
		} else if len(d) == 1 {
			inner[d[0].Ident[0]] = elem
		}
		c.list(name, n.List, elem, inner)
		c.list(name, n.ElseList, dot, clone(vars))
	case *parse.TemplateNode:
		typ := dot
		if n.Pipe != nil {
			typ = c.pipe(name, n.Pipe, dot, vars)
		}
		c.template(n.Name, typ)
	}
}

// pipe is the type of a pipeline's value, declaring its variables in vars.
func (c *checker) pipe(name string, p *parse.PipeNode, dot reflect.Type, vars map[string]reflect.Type) reflect.Type {
	typ := anyType
	for _, cmd := range p.Cmds {
		typ = c.command(name, cmd, dot, vars)
	}
	for _, d := range p.Decl {
		vars[d.Ident[0]] = typ
	}
	return typ
}

func (c *checker) command(name string, cmd *parse.CommandNode, dot reflect.Type, vars map[string]reflect.Type) reflect.Type {
	for _, a := range cmd.Args[1:] {
		c.arg(name, a, dot, vars)
	}
	if id, ok := cmd.Args[0].(*parse.IdentifierNode); ok {
		if f, ok := c.funcs[id.Ident]; ok {
			return reflect.TypeOf(f).Out(0)
		}
		switch id.Ident {
		case "not", "and", "or", "eq", "ne", "lt", "le", "gt", "ge":
			return reflect.TypeFor[bool]()
		case "len":
			return reflect.TypeFor[int]()
		}
		return anyType
	}
	return c.arg(name, cmd.Args[0], dot, vars)
}

// arg is the type of an argument, checking the fields and methods it names.
func (c *checker) arg(name string, n parse.Node, dot reflect.Type, vars map[string]reflect.Type) reflect.Type {
	switch n := n.(type) {
	case *parse.DotNode:
		return dot
	case *parse.FieldNode:
		return c.chain(name, n, dot, n.Ident)
	case *parse.VariableNode:
		typ, ok := vars[n.Ident[0]]
		if !ok {
			c.t.Errorf("%s: %s: variable %s undefined", name, n, n.Ident[0])
			return anyType
		}
		return c.chain(name, n, typ, n.Ident[1:])
	case *parse.ChainNode:
		return c.chain(name, n, c.arg(name, n.Node, dot, vars), n.Field)
	case *parse.PipeNode:
		return c.pipe(name, n, dot, clone(vars))
	case *parse.StringNode:
		return reflect.TypeFor[string]()
	case *parse.BoolNode:
		return reflect.TypeFor[bool]()
	}
	return anyType
}

// chain follows fields and methods from typ.
func (c *checker) chain(name string, n parse.Node, typ reflect.Type, idents []string) reflect.Type {
	for _, id := range idents {
		if typ == anyType || typ.Kind() == reflect.Interface {
			return anyType
		}
		if m, ok := typ.MethodByName(id); ok {
			typ = m.Type.Out(0)
			continue
		}
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
			if m, ok := reflect.PointerTo(typ).MethodByName(id); ok {
				typ = m.Type.Out(0)
				continue
			}
		}
		f, ok := reflect.Type(nil), false
		if typ.Kind() == reflect.Struct {
			var sf reflect.StructField
			sf, ok = typ.FieldByName(id)
			f = sf.Type
		}
		if !ok {
			c.t.Errorf("%s: %s: %s has no field or method %s", name, n, typ, id)
			return anyType
		}
		typ = f
	}
	return typ
}

func clone(m map[string]reflect.Type) map[string]reflect.Type { return maps.Clone(m) }
