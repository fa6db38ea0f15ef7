package infer

import (
	"go/token"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

var initialisms = strings.Fields(`ACL API ASCII CPU CSS DNS EOF GUID HTML HTTP HTTPS ID IP JSON QPS RAM RPC SLA
	SMTP SQL SSH TCP TLS TTL UDP UI UID UUID URI URL UTF8 VM XML XMPP XSRF XSS`)

// GoName returns an exported Go identifier for s: the words of s (runs of
// letters and digits, split again where a lower-case letter or a digit is
// followed by an upper-case letter), each capitalized, initialisms in upper
// case, joined; with an "X" in front when the result would not be exported
// (it is empty, starts with a digit, or starts with a letter that has no
// upper case). Letters and digits outside ASCII are kept.
func GoName(s string) string {
	var b strings.Builder
	word := func(w string) {
		if up := strings.ToUpper(w); slices.Contains(initialisms, up) {
			b.WriteString(up)
			return
		}
		r, n := utf8.DecodeRuneInString(w)
		b.WriteString(string(unicode.ToUpper(r)) + w[n:])
	}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		start, prev := 0, rune(0)
		for i, r := range part {
			if unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)) {
				word(part[start:i])
				start = i
			}
			prev = r
		}
		word(part[start:])
	}
	if !token.IsExported(b.String()) {
		return "X" + b.String()
	}
	return b.String()
}

// FieldNames returns the Go field names of a struct with the given JSON
// keys: GoName of each key, made unique in key order by appending 2, 3, …
// The methods generated code gives the types are taken already.
func FieldNames(keys []string) []string {
	used := nameSet{"MarshalEasyJSON": true, "UnmarshalEasyJSON": true, "MarshalJSON": true, "UnmarshalJSON": true}
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = used.unique(GoName(k))
	}
	return names
}

type nameSet map[string]bool

// unique returns name, or name2, name3, … if taken, and marks it used.
func (s nameSet) unique(name string) string {
	n := name
	for i := 2; s[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	s[n] = true
	return n
}
