package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// none marks a value the data does not give.
const none = "—"

// num formats x with about three significant digits and no exponent in the usual ranges.
func num(x float64) string {
	ax := math.Abs(x)
	switch {
	case !finite(x):
		return none
	case x == math.Trunc(x) && ax < 1e15:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case ax >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case ax >= 0.001:
		digits := 2 - int(math.Floor(math.Log10(ax)))
		return strconv.FormatFloat(x, 'f', digits, 64)
	default:
		return strconv.FormatFloat(x, 'g', 3, 64)
	}
}

// ns formats a duration in nanoseconds with a readable unit.
func ns(x float64) string {
	div, unit := nsUnit(x)
	return num(x/div) + " " + unit
}

// nsCI formats a duration and its interval in the unit of the duration: "59.7 ns [59.1, 60.7]".
func nsCI(e estimate) string {
	if !e.showsCI() {
		return ns(e.v)
	}
	div, unit := nsUnit(e.v)
	return fmt.Sprintf("%s %s [%s, %s]", num(e.v/div), unit, num(e.lo/div), num(e.hi/div))
}

// nsUnit picks the unit for a duration in nanoseconds.
func nsUnit(x float64) (div float64, unit string) {
	ax := math.Abs(x)
	switch {
	case ax >= 1e9:
		return 1e9, "s"
	case ax >= 1e6:
		return 1e6, "ms"
	case ax >= 1e3:
		return 1e3, "µs"
	default:
		return 1, "ns"
	}
}

// byteSize formats a byte count, in KB (1024 B) from 10 KB up.
func byteSize(x float64) string {
	if math.Abs(x) >= 10*bytesPerKB {
		return num(x/bytesPerKB) + " KB"
	}
	return strconv.FormatFloat(x, 'f', 0, 64) + " B"
}

// times formats a ratio.
func times(x float64) string {
	if !finite(x) {
		return none
	}
	if math.Abs(x) < 1 {
		return strconv.FormatFloat(x, 'f', 2, 64) + "×"
	}
	return strconv.FormatFloat(x, 'f', 1, 64) + "×"
}

// pct formats a percentage.
func pct(x float64) string {
	if !finite(x) {
		return none
	}
	if math.Abs(x) >= 10 {
		return strconv.FormatFloat(x, 'f', 0, 64) + "%"
	}
	return strconv.FormatFloat(x, 'f', 1, 64) + "%"
}

// withCI formats an estimate and its interval with f, e.g. "9.7× [9.1×, 10.2×]"; an interval
// that is a single point (constant samples) is left out.
func withCI(e estimate, f func(float64) string) string {
	if !e.showsCI() {
		return f(e.v)
	}
	return fmt.Sprintf("%s [%s, %s]", f(e.v), f(e.lo), f(e.hi))
}

// showsCI reports whether e has an interval worth printing: one that is not a single point
// (constant samples).
func (e estimate) showsCI() bool { return e.hasCI && (e.lo != e.v || e.hi != e.v) }

// summaryCI formats a median and its interval with f.
func summaryCI(s summary, f func(float64) string) string {
	return withCI(estimate{v: s.center, lo: s.lo, hi: s.hi, hasCI: s.hasCI}, f)
}

// r2 formats a coefficient of determination.
func r2(x float64) string {
	if math.IsNaN(x) {
		return none
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// cellText makes s safe inside a Markdown table cell.
func cellText(s string) string {
	return strings.ReplaceAll(s, "|", `\|`)
}

// csvFloat formats a float for model.csv: empty when undefined.
func csvFloat(x float64) string {
	if !finite(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

// plural formats a count of things.
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
