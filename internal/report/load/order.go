package load

import (
	"cmp"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// order puts the names in report order: codecs as their configuration
// lines, fixtures by family, then all by natural order (benchproc's orders
// cannot say this).
func (r *Run) order() {
	slices.SortFunc(r.CodecNames, codecOrder(r.Codecs))
	slices.SortFunc(r.Fixtures, fixtureOrder)
	slices.SortFunc(r.Ops, naturalOrder)
}

// codecOrder: the base, codecs as configs lists them, the rest by name, then
// the floor and the allocation reference.
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

func fixtureOrder(a, b string) int {
	family := func(fixture string) int {
		if i := slices.IndexFunc(Families, func(f Family) bool { return f.Has(fixture) }); i >= 0 {
			return i
		}
		return len(Families)
	}
	return cmp.Or(cmp.Compare(family(a), family(b)), naturalOrder(a, b))
}

// naturalOrder compares runs of digits by value (es-hits-2 before
// es-hits-10), then falls back to byte order.
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

func digitPrefix(s string) string { return s[:len(s)-len(strings.TrimLeft(s, "0123456789"))] }
