package infer

import (
	"cmp"
	"go/token"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// initialisms are written in upper case in Go names, as Go style has it.
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DNS": true,
	"EOF": true, "GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true,
	"IP": true, "JSON": true, "QPS": true, "RAM": true, "RPC": true, "SLA": true,
	"SMTP": true, "SQL": true, "SSH": true, "TCP": true, "TLS": true, "TTL": true,
	"UDP": true, "UI": true, "UID": true, "UUID": true, "URI": true, "URL": true,
	"UTF8": true, "VM": true, "XML": true, "XMPP": true, "XSRF": true, "XSS": true,
}

// reserved are the method names generated code gives the types; a field
// may not take them.
var reserved = []string{"MarshalEasyJSON", "UnmarshalEasyJSON", "MarshalJSON", "UnmarshalJSON"}

// GoName returns an exported Go identifier for s: the words of s (runs of
// letters and digits, split again where a lower-case letter or a digit is
// followed by an upper-case letter), each capitalized, initialisms in upper
// case, joined; with an "X" in front when the result would not be exported
// (it is empty, starts with a digit, or starts with a letter that has no
// upper case). Letters and digits outside ASCII are kept.
func GoName(s string) string {
	var b strings.Builder
	parts := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for _, part := range parts {
		for _, w := range camelWords(part) {
			if up := strings.ToUpper(w); initialisms[up] {
				b.WriteString(up)
				continue
			}
			r, n := utf8.DecodeRuneInString(w)
			b.WriteRune(unicode.ToUpper(r))
			b.WriteString(w[n:])
		}
	}
	name := b.String()
	if !token.IsExported(name) {
		name = "X" + name
	}
	return name
}

// FieldNames returns the Go field names of a struct with the given JSON
// keys: GoName of each key, made unique in key order by appending 2, 3, …
func FieldNames(keys []string) []string {
	used := newNameSet(reserved...)
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = used.unique(GoName(k))
	}
	return names
}

// A nameSet hands out names that differ from each other.
type nameSet struct {
	used map[string]bool
	next map[string]int // the number to try next when a name is taken
}

func newNameSet(used ...string) *nameSet {
	s := &nameSet{used: map[string]bool{}, next: map[string]int{}}
	for _, n := range used {
		s.used[n] = true
	}
	return s
}

// unique returns name, or name with the smallest number from 2 on appended
// that is not used yet, and marks the result used. Numbers found used
// before are not tried again.
func (s *nameSet) unique(name string) string {
	n := name
	for s.used[n] {
		i := cmp.Or(s.next[name], 2)
		s.next[name] = i + 1
		n = name + strconv.Itoa(i)
	}
	s.used[n] = true
	return n
}

// camelWords splits s where a lower-case letter or a digit is followed by
// an upper-case letter: "seatCategoryId" is "seat", "Category", "Id".
func camelWords(s string) []string {
	var words []string
	start, prev := 0, rune(0)
	for i, r := range s {
		if unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)) {
			words = append(words, s[start:i])
			start = i
		}
		prev = r
	}
	return append(words, s[start:])
}
