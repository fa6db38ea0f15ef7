package main

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
	"time"
)

// seed fixes every random choice: the same seed gives the same bytes.
const seed = 0x6a736f6e636f7374 // "jsoncost"

// newRand returns the random stream called name. Each fixture draws from
// its own streams, so its bytes do not depend on what else is generated.
func newRand(name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// A kind is the type of a scalar value.
type kind int

const (
	kString kind = iota
	kInt
	kFloat
	kBool
	kTime
)

// mix is the fixed mix of value types: field k has kind mix[k%len(mix)].
// The first five cover every kind.
var mix = []kind{kString, kInt, kFloat, kBool, kTime, kString, kInt, kString, kFloat, kString}

// A field is a key and the kind of its value.
type field struct {
	key  string
	kind kind
}

// first are the five fields every fields, bytes, nested and es-hits
// document starts with: one of each kind.
var first = []field{{"product_name", kString}, {"stock_count", kInt}, {"unit_price", kFloat}, {"is_available", kBool}, {"updated_at", kTime}}

// Field names are built like an Elasticsearch mapping's:
// [qualifier_]entity_suffix, with suffixes that fit the value's kind.
var (
	qualifiers = []string{"primary", "last", "first", "total", "daily", "monthly", "avg", "max", "min", "default", "current", "previous", "external", "internal", "public"}
	entities   = strings.Fields(`account address agent asset audit billing brand campaign cart catalog category channel
		checkout client cluster contact content contract coupon customer delivery device discount document event invoice
		item listing location loyalty media member merchant message order package page partner payment platform policy
		product profile promo query rating refund region request review route search seller session shipment shipping
		sku store supplier tax ticket tracking user variant vendor visit warehouse wishlist`)
	suffixes = map[kind][]string{
		kString: {"name", "code", "status", "label", "title", "email", "city", "country", "currency", "locale", "type", "source", "slug", "ref", "tier", "note", "phone", "tag"},
		kInt:    {"count", "id", "total", "quantity", "rank", "level", "version", "size", "views", "clicks", "retries", "duration_ms", "position", "number"},
		kFloat:  {"score", "amount", "ratio", "rate", "price", "weight", "percent", "balance", "cost", "latitude", "longitude", "margin"},
		kBool:   {"enabled", "verified", "deleted", "visible", "locked", "flagged", "archived", "approved"},
		kTime:   {"created_at", "updated_at", "deleted_at", "expires_at", "started_at", "ended_at", "shipped_at", "paid_at", "seen_at", "synced_at", "indexed_at", "closed_at"},
	}
)

// namedFields returns n fields: first, then generated snake_case keys of 8
// to 20 bytes, all unique, with kinds following mix. Field k is the same
// for every n.
func namedFields(n int) []field {
	fs := append([]field(nil), first[:min(n, len(first))]...)
	used := map[string]bool{}
	for _, f := range fs {
		used[f.key] = true
	}
	r := newRand("field names")
	for k := len(fs); k < n; k++ {
		kind := mix[k%len(mix)]
		key := fieldKey(r, kind)
		for used[key] || len(key) < 8 || len(key) > 20 {
			key = fieldKey(r, kind)
		}
		used[key] = true
		fs = append(fs, field{key, kind})
	}
	return fs
}

func fieldKey(r *rand.Rand, k kind) string {
	key := pick(r, entities) + "_" + pick(r, suffixes[k])
	if r.IntN(2) == 0 {
		key = pick(r, qualifiers) + "_" + key
	}
	return key
}

func pick(r *rand.Rand, s []string) string { return s[r.IntN(len(s))] }

// epoch is where timestamps start; they fall in the year after it.
var epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// value returns a random value of kind k: strings of 16 to 32 bytes,
// integers below a million, floats with three decimals whose encoding
// round-trips and never looks integral, and UTC timestamps in whole
// milliseconds.
func value(r *rand.Rand, k kind) any {
	switch k {
	case kString:
		return text(r, 16+r.IntN(17))
	case kInt:
		return r.Int64N(1_000_000)
	case kFloat:
		return thousandths(r.IntN(1_000_000))
	case kBool:
		return r.IntN(2) == 1
	case kTime:
		return epoch.Add(time.Duration(r.Int64N(365*24*3600*1000)) * time.Millisecond)
	}
	panic(fmt.Sprintf("unknown kind %d", k))
}

// thousandths returns (10n+7)/1000: three decimals, the last one 7, so the
// value is never integral and encoding/json and easyjson both write it as
// the plain decimal it was made from.
func thousandths(n int) float64 { return float64(n*10+7) / 1000 }

var words = strings.Fields(`lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor
	incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris
	nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat
	nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim
	id est laborum`)

// text returns n bytes of lower-case words separated by spaces: nothing
// that JSON escapes.
func text(r *rand.Rand, n int) string {
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pick(r, words))
	}
	return b.String()[:n]
}
