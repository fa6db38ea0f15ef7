package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/infer"
	"github.com/jsoncost/jsoncost/internal/jsonvalue"
	"github.com/jsoncost/jsoncost/internal/owndoc/fields"
)

// docSizes reads DOC as bench-doc does (one object, an array of objects or
// objects one a line) and returns the mean compact size of its samples, and of
// the samples filtered to spec when spec is not empty.
func docSizes(path, spec string) (full, filtered cpuprofile.Size, err error) {
	data, err := infer.ReadFile(path)
	if err != nil {
		return full, filtered, err
	}
	samples, _, err := infer.Samples(data)
	if err != nil {
		return full, filtered, infer.In(path, err)
	}
	set, err := fields.Parse(spec)
	if err != nil {
		return full, filtered, err
	}
	if set != nil {
		t, _, err := infer.InferSamples("Doc", samples)
		if err == nil {
			err = checkEach(spec, t)
		}
		if err != nil {
			return full, filtered, infer.In(path, err)
		}
	}
	for _, s := range samples {
		var b bytes.Buffer
		err := json.Compact(&b, s)
		if err == nil {
			err = add(&full, b.Bytes())
		}
		if err == nil && set != nil {
			var fd []byte
			if fd, err = set.Filter(b.Bytes()); err == nil {
				err = add(&filtered, fd)
			}
		}
		if err != nil {
			return full, filtered, fmt.Errorf("DOC %s: %w", path, err)
		}
	}
	n := float64(len(samples))
	full = cpuprofile.Size{Bytes: full.Bytes / n, Fields: full.Fields / n}
	filtered = cpuprofile.Size{Bytes: filtered.Bytes / n, Fields: filtered.Fields / n}
	return full, filtered, nil
}

// checkEach checks every path of spec against t and reports each that is not in the document, with the
// paths nearest it, in one line.
func checkEach(spec string, t *infer.Type) error {
	var bad []string
	for _, p := range strings.Split(spec, ",") {
		set, err := fields.Parse(p)
		if err == nil && set != nil {
			err = set.Check(t)
		}
		if err != nil {
			bad = append(bad, strings.TrimPrefix(err.Error(), "FIELDS: "))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("FIELDS: %s", strings.Join(bad, "; "))
	}
	return nil
}

func add(s *cpuprofile.Size, doc []byte) error {
	n, err := jsonvalue.Scalars(doc)
	s.Bytes += float64(len(doc))
	s.Fields += float64(n)
	return err
}
