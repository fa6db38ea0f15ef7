package infer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// A SyntaxError is invalid JSON, or for Samples a document that is not an
// object, at a line and column of the input, both counted from 1; the
// column counts bytes. A document that ends before its value does is
// reported at its end.
type SyntaxError struct {
	Line, Column int
	Err          error // a *json.SyntaxError, io.ErrUnexpectedEOF or what the document is
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %v", e.Line, e.Column, e.Err)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// In returns err in the file at path: path:line:column: message for a
// *SyntaxError, path: message otherwise (a *SyntaxError wrapped too).
func In(path string, err error) error {
	if _, ok := err.(*SyntaxError); ok {
		return fmt.Errorf("%s:%w", path, err)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// skipBOM returns where data starts after a byte-order mark, and a warning.
func skipBOM(data []byte) (int, []string) {
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		return len("\uFEFF"), []string{"skipped the UTF-8 byte-order mark at the start"}
	}
	return 0, nil
}

func check(doc []byte, start int) error {
	return syntaxError(doc, start, json.Unmarshal(doc[start:], new(json.RawMessage)))
}

// syntaxError positions err, from encoding/json reading doc[start:], as a
// *SyntaxError in doc; a value cut short is at the end of doc.
func syntaxError(doc []byte, start int, err error) error {
	var se *json.SyntaxError
	off := len(doc)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &se) && truncated(doc[start:]):
		err = io.ErrUnexpectedEOF
	case se != nil:
		// Offset counts the bytes read up to and including the offending one.
		off = start + max(int(se.Offset)-1, 0)
	default:
		return err
	}
	line, col := position(doc, off)
	return &SyntaxError{Line: line, Column: col, Err: err}
}

// truncated reports whether invalid data is blank or ends inside its value.
func truncated(data []byte) bool {
	err := json.NewDecoder(bytes.NewReader(data)).Decode(new(json.RawMessage))
	return err == io.EOF || err == io.ErrUnexpectedEOF
}

func position(doc []byte, off int) (line, col int) {
	before := doc[:off]
	return 1 + bytes.Count(before, []byte("\n")), off - bytes.LastIndexByte(before, '\n')
}
