package probes

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
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

func lex(doc []byte) lexed {
	var l lexed
	depth, start := 0, -1 // start: where the open string or bare token began
	inString, escaped := false, false
	for i, b := range doc {
		switch {
		case escaped:
			escaped = false
		case inString && b == '\\':
			escaped = true
		case inString && b == '"':
			l.strs = append(l.strs, doc[start:i])
			inString, start = false, -1
		case inString:
		case !bareByte(b):
			if start >= 0 {
				l.bare = append(l.bare, doc[start:i])
				start = -1
			}
			switch b {
			case '"':
				inString, start = true, i+1
			case '[', '{':
				depth++
				l.depth = max(l.depth, depth)
			case ']', '}':
				depth--
			}
		case start < 0:
			start = i
		}
	}
	switch {
	case inString:
		l.strs = append(l.strs, doc[start:])
		l.open = true
	case start >= 0:
		l.bare = append(l.bare, doc[start:])
	}
	return l
}

// bareByte reports whether b can be part of a literal or a number, as
// JSON spells them or as lenient parsers take them.
func bareByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '+' || b == '-' || b == '.'
}

// unterminatedString reports a document that ends inside a string.
func unterminatedString(doc []byte) bool { return lex(doc).open }

// invalidUTF8 reports a string holding bytes that are not UTF-8.
func invalidUTF8(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).strs, func(s []byte) bool { return !utf8.Valid(s) })
}

// controlInString reports a string holding a raw control character.
func controlInString(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).strs, func(s []byte) bool {
		return slices.ContainsFunc(s, func(b byte) bool { return b < ' ' })
	})
}

// controlAfterEscape reports a string holding a raw control character
// after an escape.
func controlAfterEscape(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).strs, func(s []byte) bool {
		i := bytes.IndexByte(s, '\\')
		return i >= 0 && slices.ContainsFunc(s[i:], func(b byte) bool { return b < ' ' })
	})
}

// loneSurrogate reports a string holding a \u escape of a UTF-16
// surrogate that is not half of a pair.
func loneSurrogate(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).strs, func(s []byte) bool {
		for i := 0; i < len(s); i++ {
			if s[i] != '\\' {
				continue
			}
			r, ok := escapedRune(s[i:])
			if !ok {
				i++ // skip the escaped byte
				continue
			}
			i += 5
			if !utf16.IsSurrogate(r) {
				continue
			}
			next, ok := escapedRune(s[i+1:])
			if !ok || utf16.DecodeRune(r, next) == utf8.RuneError {
				return true
			}
			i += 6
		}
		return false
	})
}

// escapedRune decodes the \uXXXX escape s starts with.
func escapedRune(s []byte) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	n, err := strconv.ParseUint(string(s[2:6]), 16, 16)
	return rune(n), err == nil
}

// jsonNumber is the JSON number grammar.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// invalidNumber reports a bare token that starts like a number and is not
// one.
func invalidNumber(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).bare, func(t []byte) bool {
		return strings.IndexByte("-+.0123456789", t[0]) >= 0 && !jsonNumber.Match(t)
	})
}

// duplicateNames reports an object holding a name twice.
func duplicateNames(doc []byte) bool {
	dec := jsontext.NewDecoder(bytes.NewReader(doc), jsontext.AllowInvalidUTF8(true))
	for {
		_, err := dec.ReadToken()
		if err != nil {
			return errors.Is(err, jsontext.ErrDuplicateName)
		}
	}
}

// afterValue returns what follows the first value of doc and the space
// after it, and whether there is a first value.
func afterValue(doc []byte) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	rest := doc[dec.InputOffset():]
	return bytes.TrimLeft(rest, " \t\r\n"), true
}

// trailingData reports bytes other than space after the first value,
// except a NUL byte (see trailingNUL).
func trailingData(doc []byte) bool {
	rest, ok := afterValue(doc)
	return ok && len(rest) > 0 && rest[0] != 0
}

// trailingNUL reports a NUL byte after the first value and its space.
func trailingNUL(doc []byte) bool {
	rest, ok := afterValue(doc)
	return ok && len(rest) > 0 && rest[0] == 0
}

// negativeZero reports the number -0 written as an integer.
func negativeZero(doc []byte) bool {
	return slices.ContainsFunc(lex(doc).bare, func(t []byte) bool { return string(t) == "-0" })
}
