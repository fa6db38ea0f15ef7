package infer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// A SyntaxError is invalid JSON at a line and column of the document, both
// counted from 1; the column counts bytes. A document that ends before its
// value does is reported at its end.
type SyntaxError struct {
	Line, Column int
	Err          error // a *json.SyntaxError, or io.ErrUnexpectedEOF
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %v", e.Line, e.Column, e.Err)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// check returns a *SyntaxError if doc[start:] is not one valid JSON value,
// at its position in doc.
func check(doc []byte, start int) error {
	data := doc[start:]
	var raw json.RawMessage
	err := json.Unmarshal(data, &raw)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	if truncated(data) {
		line, col := position(doc, len(doc))
		return &SyntaxError{Line: line, Column: col, Err: io.ErrUnexpectedEOF}
	}
	// Offset counts the bytes read up to and including the offending one.
	line, col := position(doc, start+max(int(se.Offset)-1, 0))
	return &SyntaxError{Line: line, Column: col, Err: se}
}

// truncated reports whether data, which is not valid JSON, holds no more
// than the start of a value: it is blank or ends inside its first value.
func truncated(data []byte) bool {
	err := json.NewDecoder(bytes.NewReader(data)).Decode(new(json.RawMessage))
	return err == io.EOF || err == io.ErrUnexpectedEOF
}

// position returns the line and column of the byte at offset off in doc;
// off may be len(doc), the end of the document.
func position(doc []byte, off int) (line, col int) {
	before := doc[:off]
	return 1 + bytes.Count(before, []byte("\n")), off - bytes.LastIndexByte(before, '\n')
}
