package load

import (
	"cmp"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// order puts the names in report order. The runner shuffles cells within
// every round, so the order of first appearance means nothing. Codecs follow
// the run's codec configuration lines (the registry's order), the base
// first, then codecs without a line by name; fixtures go by family, then by
// name with numbers compared as numbers; operations by name. benchproc's
// orders (first seen, alpha, num or a fixed list) cannot say this: num
// reads only whole numbers, and a fixed list is this order written out.
func (r *Run) order() {
	slices.SortFunc(r.CodecNames, codecOrder(r.Codecs))
	slices.SortFunc(r.Fixtures, fixtureOrder)
	slices.SortFunc(r.Ops, naturalOrder)
}

// codecOrder orders codecs as configs lists them, the base first, then the
// rest by name, the floor and then the allocation reference last of all.
func codecOrder(configs []rawfmt.CodecConfig) func(a, b string) int {
	rank := func(codec string) int {
		switch codec {
		case rawfmt.Base:
			return -1
		case rawfmt.Floor:
			return len(configs) + 1
		case rawfmt.AllocRef:
			return len(configs) + 2
		}
		i := slices.IndexFunc(configs, func(c rawfmt.CodecConfig) bool { return c.Name == codec })
		if i < 0 {
			return len(configs)
		}
		return i
	}
	return func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), naturalOrder(a, b)) }
}

// fixtureOrder orders fixtures by family, then by name with numbers
// compared as numbers.
func fixtureOrder(a, b string) int {
	return cmp.Or(cmp.Compare(familyIndex(a), familyIndex(b)), naturalOrder(a, b))
}

// naturalOrder orders strings with runs of digits compared by value:
// es-hits-2 before es-hits-10. Strings that differ only in leading zeros
// fall back to byte order, so the order is total.
func naturalOrder(a, b string) int {
	return cmp.Or(naturalRuns(a, b), strings.Compare(a, b))
}

func naturalRuns(a, b string) int {
	for a != "" && b != "" {
		da, db := digitPrefix(a), digitPrefix(b)
		if da != "" && db != "" {
			na, nb := strings.TrimLeft(da, "0"), strings.TrimLeft(db, "0")
			if c := cmp.Or(cmp.Compare(len(na), len(nb)), strings.Compare(na, nb)); c != 0 {
				return c
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func digitPrefix(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}
