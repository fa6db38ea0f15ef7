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

// The subjects of the decoding probes, found in any document: what
// Probe.Occurs reports. Each reads the document as JSON only as far as it
// must and never fails; a document too broken to hold the subject does not.

// lexed is a document read as far as strings, brackets and bare tokens go.
type lexed struct {
	strs  [][]byte // the bytes between the quotes of each string, escapes as written
	bare  [][]byte // runs of letters, digits, +, - and . outside strings: literals and numbers
	depth int      // how deeply arrays and objects nest
	open  bool     // the document ends inside a string
}

// token matches a string (its closing quote in group 1, empty when the
// document ends first), a bare token or a bracket.
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

// inString reports whether a string of doc holds a match of re.
func inString(re *regexp.Regexp) func(doc []byte) bool {
	return func(doc []byte) bool { return slices.ContainsFunc(lex(doc).strs, re.Match) }
}

var (
	controlInString    = inString(regexp.MustCompile(`[\x00-\x1f]`))          // a raw control character
	controlAfterEscape = inString(regexp.MustCompile(`\\[\s\S]*[\x00-\x1f]`)) // one after an escape
)

// escape matches an escape in a string: a surrogate pair, a lone half of
// one (group 1), or another.
var escape = regexp.MustCompile(`\\(?:u[dD][89abAB][[:xdigit:]]{2}\\u[dD][c-fC-F][[:xdigit:]]{2}|(u[dD][89a-fA-F][[:xdigit:]]{2})|[\s\S])`)

// loneSurrogate reports a string holding a \u escape of a UTF-16
// surrogate that is not half of a pair.
func loneSurrogate(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).strs, func(s []byte) bool {
		return slices.ContainsFunc(escape.FindAllSubmatchIndex(s, -1), func(m []int) bool { return m[2] >= 0 })
	})
}

// invalidUTF8 reports a string holding bytes that are not UTF-8.
func invalidUTF8(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).strs, func(s []byte) bool { return !utf8.Valid(s) })
}

// unterminatedString reports a document that ends inside a string.
func unterminatedString(doc []byte) bool { return lex(doc).open }

// jsonNumber is the JSON number grammar.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// invalidNumber reports a bare token that starts like a number and is not
// one.
func invalidNumber(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).bare, func(t []byte) bool {
		return bytes.IndexByte([]byte("-+.0123456789"), t[0]) >= 0 && !jsonNumber.Match(t)
	})
}

// negativeZero reports the number -0 written as an integer.
func negativeZero(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).bare, func(t []byte) bool { return string(t) == "-0" })
}

// duplicateNames reports an object holding a name twice.
func duplicateNames(doc []byte) bool {
	dec := jsontext.NewDecoder(bytes.NewReader(doc), jsontext.AllowInvalidUTF8(true))
	for {
		if _, err := dec.ReadToken(); err != nil {
			return errors.Is(err, jsontext.ErrDuplicateName)
		}
	}
}

// after returns the first byte after the first value of doc and the space
// after it, if doc starts with a value and has such a byte.
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

// trailingData reports bytes other than space after the first value,
// except a NUL byte; trailingNUL reports a NUL byte there.
func trailingData(doc []byte) bool { b, ok := after(doc); return ok && b != 0 }
func trailingNUL(doc []byte) bool  { b, ok := after(doc); return ok && b == 0 }
