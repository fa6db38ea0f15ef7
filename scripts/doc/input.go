package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/jsoncost/jsoncost/gen/infer"
	"github.com/jsoncost/jsoncost/internal/doc/fields"
)

// maxDocBytes is the largest document bench-doc reads.
const maxDocBytes = 64 << 20

// A document is the user's document, read and typed.
type document struct {
	path      string
	name      string      // its fixture name in cell names and the results directory
	samples   [][]byte    // compact
	compacted bool        // whether the input was not compact already
	fields    *fields.Set // nil without FIELDS
	typ, proj *infer.Type // proj is nil without FIELDS
	notes     []string    // what the reader should know about the input
}

// readDocument reads and types the document of o and checks the fields
// against its type, printing each note to stderr as a warning. The
// benchmark filters the samples itself.
func readDocument(o options, stderr io.Writer) (*document, error) {
	data, err := readLimited(o.doc)
	if err != nil {
		return nil, err
	}
	d := &document{path: o.doc, name: fixtureName(o.doc)}
	raw, warnings, err := infer.Samples(data)
	var se *infer.SyntaxError
	var she *infer.ShapeError
	switch {
	case errors.As(err, &se), errors.As(err, &she):
		return nil, fmt.Errorf("%s:%w", o.doc, err) // path:line:column: message
	case err != nil:
		return nil, fmt.Errorf("%s: %w", o.doc, err)
	}
	for _, s := range raw {
		var b bytes.Buffer
		if err := json.Compact(&b, s); err != nil {
			return nil, fmt.Errorf("%s: %w", o.doc, err) // it is valid JSON
		}
		d.compacted = d.compacted || b.Len() != len(s)
		d.samples = append(d.samples, b.Bytes())
	}
	d.typ, warnings, err = inferType(d.samples, warnings)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.doc, err)
	}
	d.notes = warnings
	if d.fields, err = fields.Parse(o.fields); err != nil {
		return nil, err
	}
	if d.fields == nil {
		d.notes = append(d.notes, "FIELDS is empty: the projection (decode-proj, get5 and the filtered document) is skipped")
	} else {
		if err := d.fields.Check(d.typ); err != nil {
			return nil, err
		}
		d.proj = d.fields.Project(d.typ)
	}
	for _, n := range d.notes {
		fmt.Fprintf(stderr, "bench-doc: %s: warning: %s\n", o.doc, n)
	}
	return d, nil
}

// inferType infers the type of the samples, adding Infer's warnings to
// those of reading them.
func inferType(samples [][]byte, warnings []string) (*infer.Type, []string, error) {
	t, more, err := infer.InferSamples("Doc", samples)
	if err != nil {
		return nil, nil, err
	}
	return t, append(warnings, more...), nil
}

// readLimited reads the file at path, refusing one over maxDocBytes.
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("DOC: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxDocBytes+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("DOC: %w", err)
	case len(data) > maxDocBytes:
		return nil, fmt.Errorf("DOC %s: the document is over the %d MB limit", path, maxDocBytes>>20)
	}
	return data, nil
}

var nonName = regexp.MustCompile(`[^a-z0-9]+`)

// fixtureName names the document after its file: lower-case letters and
// digits, runs of anything else a dash; "doc" when nothing is left.
func fixtureName(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	name := strings.Trim(nonName.ReplaceAllString(strings.ToLower(base), "-"), "-")
	if name == "" {
		return "doc"
	}
	return name
}
