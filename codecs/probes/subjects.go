package probes

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"unicode/utf8"

	"encoding/json/jsontext"
)

// The Probe.Occurs functions: each reads a document only as far as it must
// and never fails.

// lexed is a document read as far as strings, brackets and bare tokens go.
type lexed struct {
	strs  [][]byte // the bytes between each string's quotes, escapes as written
	bare  [][]byte // literals and numbers
	depth int
	open  bool // ends inside a string
}

// token matches a string (group 1 its closing quote), a bare token or a bracket.
var token = regexp.MustCompile(`"(?:[^"\\]|\\[\s\S])*("?)|[a-zA-Z0-9+\-.]+|[\[\]{}]`)

func lex(doc []byte) lexed {
	var l lexed
	depth := 0
	for _, m := range token.FindAllSubmatchIndex(doc, -1) {
		switch doc[m[0]] {
		case '"':
			l.strs, l.open = append(l.strs, doc[m[0]+1:m[2]]), m[2] == m[3]
		case '[', '{':
			depth++
			l.depth = max(l.depth, depth)
		case ']', '}':
			depth--
		default:
			l.bare = append(l.bare, doc[m[0]:m[1]])
		}
	}
	return l
}

// inString and inBare: a string, or a bare token, of doc satisfies f.
func inString(f func([]byte) bool) func(doc []byte) bool {
	return func(doc []byte) bool { return slices.ContainsFunc(lex(doc).strs, f) }
}

func inBare(f func([]byte) bool) func(doc []byte) bool {
	return func(doc []byte) bool { return slices.ContainsFunc(lex(doc).bare, f) }
}

var (
	// escape matches a surrogate pair, a lone half of one (group 1) or another escape.
	escape     = regexp.MustCompile(`\\(?:u[dD][89abAB][[:xdigit:]]{2}\\u[dD][c-fC-F][[:xdigit:]]{2}|(u[dD][89a-fA-F][[:xdigit:]]{2})|[\s\S])`)
	jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

	controlInString    = inString(regexp.MustCompile(`[\x00-\x1f]`).Match)          // a raw control character
	controlAfterEscape = inString(regexp.MustCompile(`\\[\s\S]*[\x00-\x1f]`).Match) // one after an escape
	invalidUTF8        = inString(func(s []byte) bool { return !utf8.Valid(s) })
	loneSurrogate      = inString(func(s []byte) bool {
		return slices.ContainsFunc(escape.FindAllSubmatchIndex(s, -1), func(m []int) bool { return m[2] >= 0 })
	})
	// invalidNumber: a bare token that starts like a number and is none.
	invalidNumber = inBare(func(t []byte) bool {
		return bytes.IndexByte([]byte("-+.0123456789"), t[0]) >= 0 && !jsonNumber.Match(t)
	})
	negativeZero = inBare(func(t []byte) bool { return string(t) == "-0" })
)

func unterminatedString(doc []byte) bool { return lex(doc).open }

func duplicateNames(doc []byte) bool {
	dec := jsontext.NewDecoder(bytes.NewReader(doc), jsontext.AllowInvalidUTF8(true))
	for {
		if _, err := dec.ReadToken(); err != nil {
			return errors.Is(err, jsontext.ErrDuplicateName)
		}
	}
}

// after returns what follows doc's first value and the space after it; nil
// when doc does not start with a value.
func after(doc []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(doc))
	if dec.Decode(new(json.RawMessage)) != nil {
		return nil
	}
	return bytes.TrimLeft(doc[dec.InputOffset():], " \t\r\n")
}

// After the first value: a byte other than space or NUL, or a NUL.
func trailingData(doc []byte) bool { rest := after(doc); return len(rest) > 0 && rest[0] != 0 }
func trailingNUL(doc []byte) bool  { return bytes.HasPrefix(after(doc), []byte{0}) }
