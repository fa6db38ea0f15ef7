// Package infer derives Go types from JSON documents and prints them as Go
// source. Infer reads a document into shapes, what the values at each place
// in it have been, and builds a Type from them; InferSamples does the same
// for several samples of one kind of document, which Samples splits out of
// a file holding one object, an array of objects or objects one a line;
// Source prints Types as a gofmt'ed Go file.
//
// Objects become structs with json tags, or map[string]T when they are
// empty, all their keys are integers (ids) or a key cannot be a struct tag.
// Arrays become slices of their merged element type, integral numbers
// int64 and other numbers float64, and a value that is null or has
// conflicting kinds a pointer or any. A key missing from some of the
// objects merged into one struct becomes a pointer field with omitempty.
//
// Decoding a document into its inferred type and encoding it again with
// encoding/json gives the same JSON value, numbers compared by value (a
// float64 writes 1.0 as 1), except for a key that is absent from some
// objects and null in others, which comes back absent, and for duplicate
// keys, which Infer warns about.
package infer

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/format"
	"text/template"
)

// Kind is the kind of a Go type.
type Kind uint8

// The kinds of types Infer produces, and Time for callers that build types
// of documents whose timestamps they know.
const (
	Any     Kind = iota // any: only null seen, or conflicting kinds
	Bool                // bool
	Int                 // int64
	Float               // float64
	String              // string
	Time                // time.Time; never inferred
	Struct              // struct with json tags
	Slice               // []Elem
	Map                 // map[string]Elem
	Pointer             // *Elem
)

// Type is a Go type.
type Type struct {
	Kind   Kind
	Name   string  // when set, the type is declared under this name and referred to by it
	Elem   *Type   // for Slice, Map and Pointer
	Fields []Field // for Struct
}

// Field is a struct field.
type Field struct {
	Name      string // Go name
	Key       string // JSON object key
	Type      *Type
	OmitEmpty bool
}

// goSyntax is the Go syntax of each kind; an element type follows the last three.
var goSyntax = [...]string{"any", "bool", "int64", "float64", "string", "time.Time", "struct", "[]", "map[string]", "*"}

//go:embed types.go.tmpl
var declsTmpl string

var decls = template.Must(template.New("").Funcs(template.FuncMap{"syntax": func(k Kind) string { return goSyntax[k] }}).Parse(declsTmpl))

// Decls returns the unformatted Go declarations of every named type
// reachable from roots (nil ones skipped), each declared once (by name),
// parents before the types they contain.
func Decls(roots ...*Type) []byte {
	var named []*Type
	declared := map[string]bool{}
	var visit func(t *Type)
	visit = func(t *Type) {
		if t == nil || declared[t.Name] {
			return
		}
		if t.Name != "" {
			declared[t.Name] = true
			named = append(named, t)
		}
		visit(t.Elem)
		for _, f := range t.Fields {
			visit(f.Type)
		}
	}
	for _, t := range roots {
		visit(t)
	}
	var b bytes.Buffer
	if err := decls.Execute(&b, named); err != nil {
		panic(err) // the template only reads Types
	}
	return b.Bytes()
}

// Source returns a gofmt'ed Go file of package pkg that declares roots (nil
// ones skipped) and every named type they contain. The types must not use Time.
func Source(pkg string, roots ...*Type) ([]byte, error) {
	out, err := format.Source(append([]byte("package "+pkg+"\n\n"), Decls(roots...)...))
	if err != nil {
		return nil, fmt.Errorf("formatting generated types: %w", err)
	}
	return out, nil
}
