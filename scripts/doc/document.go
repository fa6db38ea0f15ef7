package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/jsoncost/jsoncost/internal/infer"
	"github.com/jsoncost/jsoncost/internal/owndoc/fields"
	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/owndoc/tempmod"
)

// A document is the user's document, read and typed: the module's Doc (its
// fixture name, compact samples, type and projection) and what the page says.
type document struct {
	tempmod.Doc
	compacted bool     // whether the input was not compact already
	notes     []string // what the reader should know about the input
}

// readDocument reads and types the document of o and checks the fields against
// its type, printing each note to stderr as a warning. The benchmark filters
// the samples itself.
func readDocument(o options, stderr io.Writer) (*document, error) {
	data, err := infer.ReadFile(o.doc)
	if err != nil {
		return nil, err
	}
	d := &document{Doc: tempmod.Doc{Name: page.DocName(o.doc)}}
	raw, warnings, err := infer.Samples(data)
	if err != nil {
		return nil, infer.In(o.doc, err)
	}
	for _, s := range raw {
		var b bytes.Buffer
		if err := json.Compact(&b, s); err != nil {
			return nil, fmt.Errorf("%s: %w", o.doc, err) // it is valid JSON
		}
		d.compacted = d.compacted || b.Len() != len(s)
		d.Samples = append(d.Samples, b.Bytes())
	}
	d.Type, d.notes, err = infer.InferSamples("Doc", d.Samples)
	if err != nil {
		return nil, infer.In(o.doc, err)
	}
	d.notes = append(warnings, d.notes...)
	set, err := fields.Parse(o.fields)
	if err != nil {
		return nil, err
	}
	d.Fields = set.String()
	if set == nil {
		d.notes = append(d.notes, "FIELDS is empty: the projection (decode-proj, get5 and the filtered document) is skipped")
	} else if err := set.Check(d.Type); err != nil {
		return nil, err
	} else {
		d.Proj = set.Project(d.Type)
	}
	for _, n := range d.notes {
		fmt.Fprintf(stderr, "bench-doc: %s: warning: %s\n", o.doc, n)
	}
	return d, nil
}
