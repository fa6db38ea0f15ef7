package main

import (
	_ "embed"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
	"time"
)

// seed fixes every random choice: the same seed gives the same bytes.
const seed = 0x6a736f6e636f7374 // "jsoncost"

// newRand returns the random stream called name.
func newRand(name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// values.txt holds named word lists: field k has kind mix[k%len(mix)]; the
// first keys are first, the others [qualifier_]entity_suffix with a suffix
// listed under its kind; strings are made of words.
//
//go:embed values.txt
var valuesTxt string

var lists = func() map[string][]string {
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(valuesTxt), "\n") {
		name, words, _ := strings.Cut(line, ":")
		m[name] = strings.Fields(words)
	}
	return m
}()

var mix = lists["mix"]

// A field is a key and the kind of its value.
type field struct{ key, kind string }

// namedFields returns n fields with unique keys of 8 to 20 bytes; field k is the same for every n.
func namedFields(n int) []field {
	var fs []field
	used := map[string]bool{}
	r := newRand("field names")
	for k := range n {
		kind := mix[k%len(mix)]
		key := ""
		if k < len(lists["first"]) {
			key = lists["first"][k]
		}
		for used[key] || len(key) < 8 || len(key) > 20 {
			key = pick(r, "entities") + "_" + pick(r, kind)
			if r.IntN(2) == 0 {
				key = pick(r, "qualifiers") + "_" + key
			}
		}
		used[key] = true
		fs = append(fs, field{key, kind})
	}
	return fs
}

func pick(r *rand.Rand, list string) string { return lists[list][r.IntN(len(lists[list]))] }

// value returns a random value of kind k.
func value(r *rand.Rand, k string) any {
	switch k {
	case "string":
		return text(r, 16+r.IntN(17))
	case "int":
		return r.Int64N(1_000_000)
	case "float":
		return thousandths(r.IntN(1_000_000))
	case "bool":
		return r.IntN(2) == 1
	case "time":
		return time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(r.Int64N(365*24*3600*1000)) * time.Millisecond)
	}
	panic(fmt.Sprintf("unknown kind %q", k))
}

// thousandths returns (10n+7)/1000: never integral, so every codec writes it alike.
func thousandths(n int) float64 { return float64(n*10+7) / 1000 }

// text returns n bytes of words, nothing JSON escapes.
func text(r *rand.Rand, n int) string {
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pick(r, "words"))
	}
	return b.String()[:n]
}
