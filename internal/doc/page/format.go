package page

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

// none marks a value the data does not give.
const none = "—"

// num formats x: a whole number as one, anything else as sig3 does.
func num(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return minus(strconv.FormatFloat(x, 'f', 0, 64))
	}
	return sig3(x)
}

// sig3 formats x with three significant digits, without an exponent in
// the usual ranges; from 100 up, without decimals.
func sig3(x float64) string {
	ax := math.Abs(x)
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return none
	case ax >= 100 || ax == 0:
		return minus(strconv.FormatFloat(math.Round(x), 'f', 0, 64))
	case ax >= 0.001:
		return minus(strconv.FormatFloat(x, 'f', 2-int(math.Floor(math.Log10(ax))), 64))
	}
	return minus(strconv.FormatFloat(x, 'g', 3, 64))
}

// minus writes a number's sign as a minus sign rather than a hyphen.
func minus(s string) string { return strings.Replace(s, "-", "−", 1) }

// ns formats a duration and its interval in the duration's unit: "59.7 ns
// [59.1, 60.7]"; an interval that is a single point is left out.
func ns(e model.Estimate) string {
	div, unit := model.TimeUnit(e.V)
	if !e.ShowsCI() {
		return sig3(e.V/div) + " " + unit
	}
	return fmt.Sprintf("%s %s [%s, %s]", sig3(e.V/div), unit, sig3(e.Lo/div), sig3(e.Hi/div))
}

// withCI formats an estimate and its interval with f: "9.7× [9.1×, 10.2×]".
func withCI(e model.Estimate, f func(float64) string) string {
	if !e.ShowsCI() {
		return f(e.V)
	}
	return fmt.Sprintf("%s [%s, %s]", f(e.V), f(e.Lo), f(e.Hi))
}

// pct formats a percentage, with a minus sign when negative.
func pct(x float64) string {
	digits := 1
	if math.Abs(x) >= 10 {
		digits = 0
	}
	return minus(strconv.FormatFloat(x, 'f', digits, 64) + "%")
}

// change formats a relative change in percent with its sign: "−82%",
// "+28%".
func change(x float64) string {
	if x > 0 {
		return "+" + pct(x)
	}
	return pct(x)
}

// negate returns -e, its interval turned around.
func negate(e model.Estimate) model.Estimate {
	return model.Estimate{V: -e.V, Lo: -e.Hi, Hi: -e.Lo, HasCI: e.HasCI}
}

// saves phrases a saving in percent: "saves 62% [47%, 70%]", or "costs
// 3.1% [−12%, 25%] more" when the estimate is negative.
func saves(e model.Estimate) string {
	if e.V < 0 {
		return "costs " + withCI(negate(e), pct) + " more"
	}
	return "saves " + withCI(e, pct)
}

// times formats a ratio.
func times(x float64) string {
	if math.Abs(x) < 10 {
		return strconv.FormatFloat(x, 'f', 2, 64) + "×"
	}
	return strconv.FormatFloat(x, 'f', 1, 64) + "×"
}

// cores formats a number of CPU cores.
func cores(x float64) string { return sig3(x) }

// byteSize formats a byte count: whole bytes, or KB (1024 B) from 10 KB.
func byteSize(x float64) string {
	if x >= 10*model.BytesPerKB {
		return num(x/model.BytesPerKB) + " KB"
	}
	return strconv.FormatFloat(x, 'f', 0, 64) + " B"
}

// code formats s as a Markdown code span.
func code(s string) string { return "`" + s + "`" }
