package infer

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Samples returns the documents data holds, for InferSamples, as sub-slices
// of data: one object, each object of an array, or each of a stream of
// objects (NDJSON). A leading byte-order mark is skipped with a warning.
// Invalid JSON, or a document that is not an object, is a *SyntaxError at
// its line and column in data; an array element not an object an error
// naming it.
func Samples(data []byte) (docs [][]byte, warnings []string, err error) {
	start, warnings := skipBOM(data)
	dec := json.NewDecoder(bytes.NewReader(data[start:]))
	var notObject error // the first document that is not an object
	for {
		prev := start + int(dec.InputOffset()) // the end of the value before
		var v json.RawMessage
		if err := dec.Decode(&v); err == io.EOF {
			break
		} else if err != nil {
			return nil, nil, syntaxError(data, start, err)
		}
		if v[0] != '{' && notObject == nil {
			line, col := position(data, len(data)-len(bytes.TrimLeft(data[prev:], " \t\r\n")))
			notObject = &SyntaxError{line, col, fmt.Errorf("the document is %s, not an object, an array of objects or objects one a line", kind(v[0]))}
		}
		docs = append(docs, v)
	}
	switch {
	case len(docs) == 0:
		return nil, nil, syntaxError(data, start, io.ErrUnexpectedEOF)
	case len(docs) == 1 && docs[0][0] == '[':
		var elems []json.RawMessage
		if err := json.Unmarshal(docs[0], &elems); err != nil {
			return nil, nil, err // it is valid JSON
		}
		docs = docs[:0]
		for i, e := range elems {
			if e[0] != '{' {
				return nil, nil, fmt.Errorf("element %d of the array is %s, not an object", i+1, kind(e[0]))
			}
			docs = append(docs, e)
		}
		if len(docs) == 0 {
			return nil, nil, errors.New("the array holds no objects")
		}
	case notObject != nil:
		return nil, nil, notObject
	}
	return docs, warnings, nil
}

var kinds = map[byte]string{'{': "an object", '[': "an array", '"': "a string", 't': "a boolean", 'f': "a boolean", 'n': "null"}

func kind(c byte) string { return cmp.Or(kinds[c], "a number") }
