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
	x, y := a, b
	for x != "" && y != "" {
		dx, dy := digitPrefix(x), digitPrefix(y)
		if dx != "" && dy != "" {
			nx, ny := strings.TrimLeft(dx, "0"), strings.TrimLeft(dy, "0")
			if c := cmp.Or(cmp.Compare(len(nx), len(ny)), strings.Compare(nx, ny)); c != 0 {
				return c
			}
			x, y = x[len(dx):], y[len(dy):]
			continue
		}
		if x[0] != y[0] {
			return cmp.Compare(x[0], y[0])
		}
		x, y = x[1:], y[1:]
	}
	return cmp.Or(cmp.Compare(len(x), len(y)), strings.Compare(a, b))
}

func digitPrefix(s string) string { return s[:len(s)-len(strings.TrimLeft(s, "0123456789"))] }
