package probes

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
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

func inString(re *regexp.Regexp) func(doc []byte) bool {
	return func(doc []byte) bool { return slices.ContainsFunc(lex(doc).strs, re.Match) }
}

var (
	controlInString    = inString(regexp.MustCompile(`[\x00-\x1f]`))          // a raw control character
	controlAfterEscape = inString(regexp.MustCompile(`\\[\s\S]*[\x00-\x1f]`)) // one after an escape
)

// escape matches a surrogate pair, a lone half of one (group 1) or another escape.
var escape = regexp.MustCompile(`\\(?:u[dD][89abAB][[:xdigit:]]{2}\\u[dD][c-fC-F][[:xdigit:]]{2}|(u[dD][89a-fA-F][[:xdigit:]]{2})|[\s\S])`)

func loneSurrogate(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).strs, func(s []byte) bool {
		return slices.ContainsFunc(escape.FindAllSubmatchIndex(s, -1), func(m []int) bool { return m[2] >= 0 })
	})
}

func invalidUTF8(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).strs, func(s []byte) bool { return !utf8.Valid(s) })
}

func unterminatedString(doc []byte) bool { return lex(doc).open }

var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// invalidNumber reports a bare token starting like a number that is none.
func invalidNumber(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).bare, func(t []byte) bool {
		return bytes.IndexByte([]byte("-+.0123456789"), t[0]) >= 0 && !jsonNumber.Match(t)
	})
}

func negativeZero(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).bare, func(t []byte) bool { return string(t) == "-0" })
}

func duplicateNames(doc []byte) bool {
	dec := jsontext.NewDecoder(bytes.NewReader(doc), jsontext.AllowInvalidUTF8(true))
	for {
		if _, err := dec.ReadToken(); err != nil {
			return errors.Is(err, jsontext.ErrDuplicateName)
		}
	}
}

// after returns the first byte after doc's first value and space, if any.
func after(doc []byte) (byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	var v json.RawMessage
	if dec.Decode(&v) != nil {
		return 0, false
	}
	rest := bytes.TrimLeft(doc[dec.InputOffset():], " \t\r\n")
	if len(rest) == 0 {
		return 0, false
	}
	return rest[0], true
}

// After the first value: a byte other than space or NUL, or a NUL.
func trailingData(doc []byte) bool { b, ok := after(doc); return ok && b != 0 }
func trailingNUL(doc []byte) bool  { b, ok := after(doc); return ok && b == 0 }
