package infer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Samples returns the documents data holds, for InferSamples: the object
// data is, each object of the array data is, or each object of a stream of
// values one after the other (NDJSON, one a line). A leading byte-order
// mark is skipped with a warning. The documents are sub-slices of data, as
// written. Invalid JSON is a *SyntaxError at its line and column in data;
// a document that is not an object a *ShapeError; an element of the array
// that is not an object an error naming it.
func Samples(data []byte) (docs [][]byte, warnings []string, err error) {
	start := 0
	if bytes.HasPrefix(data, bom) {
		start = len(bom)
		warnings = append(warnings, bomWarning)
	}
	dec := json.NewDecoder(bytes.NewReader(data[start:]))
	var offsets []int // where each value starts in data
	for {
		prev := start + int(dec.InputOffset()) // the end of the value before
		var v json.RawMessage
		err := dec.Decode(&v)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, streamError(data, start, err)
		}
		docs = append(docs, v)
		space := len(data[prev:]) - len(bytes.TrimLeft(data[prev:], " \t\r\n"))
		offsets = append(offsets, prev+space)
	}
	if len(docs) == 0 {
		line, col := position(data, len(data))
		return nil, nil, &SyntaxError{Line: line, Column: col, Err: io.ErrUnexpectedEOF}
	}
	if len(docs) == 1 && docs[0][0] == '[' {
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
		return docs, warnings, nil
	}
	for i, d := range docs {
		if d[0] != '{' {
			line, col := position(data, offsets[i])
			return nil, nil, &ShapeError{Line: line, Column: col, Kind: kind(d[0])}
		}
	}
	return docs, warnings, nil
}

// A ShapeError is a document, at a line and column counted from 1, that
// is not an object.
type ShapeError struct {
	Line, Column int
	Kind         string // what it is: "a number", "null", …
}

func (e *ShapeError) Error() string {
	return fmt.Sprintf("%d:%d: the document is %s, not an object, an array of objects or objects one a line", e.Line, e.Column, e.Kind)
}

// streamError positions an error of a json.Decoder reading data[start:].
func streamError(data []byte, start int, err error) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		// Offset counts the bytes read up to and including the offending one.
		line, col := position(data, start+max(int(se.Offset)-1, 0))
		return &SyntaxError{Line: line, Column: col, Err: se}
	case errors.Is(err, io.ErrUnexpectedEOF):
		line, col := position(data, len(data))
		return &SyntaxError{Line: line, Column: col, Err: io.ErrUnexpectedEOF}
	}
	return err
}

// kind names the kind of the JSON value that starts with c.
func kind(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
