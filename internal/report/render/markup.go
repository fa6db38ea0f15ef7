package render

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

// roundOff is the relative difference below which two numbers are equal up
// to floating-point round-off.
const roundOff = 1e-9

// none marks a value the data does not give.
const none = "—"

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// num formats x with about three significant digits and no exponent in the
// usual ranges; a whole number (to round-off) has no decimals.
func num(x float64) string {
	ax := math.Abs(x)
	switch {
	case !finite(x):
		return none
	case math.Abs(x-math.Round(x)) <= roundOff*ax && ax < 1e15:
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	case ax >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case ax >= 0.001:
		return strconv.FormatFloat(x, 'f', 2-int(math.Floor(math.Log10(ax))), 64)
	default:
		return strconv.FormatFloat(x, 'g', 3, 64)
	}
}

// ns formats a duration in nanoseconds with a readable unit.
func ns(x float64) string {
	div, unit := model.TimeUnit(x)
	return num(x/div) + " " + unit
}

// nsCI formats a duration and its interval in the unit of the duration:
// "59.7 ns [59.1, 60.7]".
func nsCI(e model.Estimate) string {
	if !e.ShowsCI() {
		return ns(e.V)
	}
	div, unit := model.TimeUnit(e.V)
	return fmt.Sprintf("%s %s [%s, %s]", num(e.V/div), unit, num(e.Lo/div), num(e.Hi/div))
}

// byteSize formats a byte count, in KB (1024 B) from 10 KB up.
func byteSize(x float64) string {
	if math.Abs(x) >= 10*model.BytesPerKB {
		return num(x/model.BytesPerKB) + " KB"
	}
	return strconv.FormatFloat(x, 'f', 0, 64) + " B"
}

// times formats a ratio.
func times(x float64) string {
	switch {
	case !finite(x):
		return none
	case math.Abs(x) < 1:
		return strconv.FormatFloat(x, 'f', 2, 64) + "×"
	default:
		return strconv.FormatFloat(x, 'f', 1, 64) + "×"
	}
}

// pct formats a percentage.
func pct(x float64) string {
	switch {
	case !finite(x):
		return none
	case math.Abs(x) >= 10:
		return strconv.FormatFloat(x, 'f', 0, 64) + "%"
	default:
		return strconv.FormatFloat(x, 'f', 1, 64) + "%"
	}
}

// withCI formats an estimate and its interval with f, e.g.
// "9.7× [9.1×, 10.2×]"; an interval that is a single point (constant
// samples) is left out.
func withCI(e model.Estimate, f func(float64) string) string {
	if !e.ShowsCI() {
		return f(e.V)
	}
	return fmt.Sprintf("%s [%s, %s]", f(e.V), f(e.Lo), f(e.Hi))
}

// timesCI formats a ratio and its interval with the sign once, as nsCI
// does the unit: "9.7× [9.1, 10.2]".
func timesCI(e model.Estimate) string {
	if !e.ShowsCI() {
		return times(e.V)
	}
	bound := func(x float64) string { return strings.TrimSuffix(times(x), "×") }
	return fmt.Sprintf("%s [%s, %s]", times(e.V), bound(e.Lo), bound(e.Hi))
}

// summaryCI formats a median and its interval with f.
func summaryCI(s model.Summary, f func(float64) string) string { return withCI(s.Estimate(), f) }

// r2 formats a coefficient of determination.
func r2(x float64) string {
	if math.IsNaN(x) {
		return none
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// plural formats a count of things.
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// orNone is s, or none when s is empty.
func orNone(s string) string {
	if s == "" {
		return none
	}
	return s
}

// href is the link's address percent-encoded, so that a name with spaces,
// parentheses or angle brackets cannot end the link or open HTML.
// A first segment with a colon would read as a scheme: it gets a "./".
func (l Link) href() string {
	h := (&url.URL{Path: l.Href}).EscapedPath()
	if first, _, _ := strings.Cut(h, "/"); strings.Contains(first, ":") {
		h = "./" + h
	}
	return h
}

// fence is a code fence that text cannot close: more backticks than its
// longest run, and at least three.
func fence(text string) string {
	n, run := 3, 0
	for _, c := range text {
		if c == '`' {
			run++
			n = max(n, run+1)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", n)
}
