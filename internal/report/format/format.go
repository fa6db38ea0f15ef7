// Package format prints the numbers of every page: the machine and run
// pages, the own-document page and the HTTP page all format a quantity
// through it, so one quantity reads the same wherever it appears.
//
// The rules:
//   - A number has three significant digits (Sig): 0.0412, 9.04, 76.8;
//     from 100 up it has every integer digit and no decimals (302, 7193),
//     below 0.001 an exponent. Num
//     writes a whole number (to round-off) as a whole: a count, a size.
//   - A negative number has a minus sign (U+2212), never a hyphen-minus.
//   - A duration is scaled to the SI prefix benchunit (golang.org/x/perf)
//     picks for it, with a space before the unit: "59.7 ns", "1.23 µs".
//   - A ratio has three significant digits: "0.213×", "9.04×", "12.3×".
//   - A percentage has no decimal from 10 up and one below: "62%", "3.1%";
//     a change has its sign: "+28%", "−82%". A half-width has one decimal
//     always: "±3.1%", "±10.4%".
//   - A byte size is in whole bytes, or in KB (1024 B) from 10 KB.
//   - An interval follows its value in the value's unit, written once:
//     "59.7 ns [59.1, 60.7]", "9.04× [8.91, 9.20]", "−17% [−20, −11]". An
//     interval that is a single point is left out.
//   - An effect that is no finding is marked before its interval: Unclear
//     ("~") when the interval spans zero, Rise or Fall ("↑", "↓") when it
//     excludes zero but is wider than the effect, so its sign is told and
//     its size is not. A value the data does not give is None ("—").
//
// The package imports nothing of the project: an interval is an Estimate,
// which package model computes.
package format

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"golang.org/x/perf/benchunit"
)

// None marks a value the data does not give.
const None = "—"

// Unclear marks an effect whose interval does not tell it apart from zero.
const Unclear = "~"

// Rise and Fall mark an effect whose interval excludes zero, above or below
// it, but is wider than the effect: its sign is told, its size is not.
const (
	Rise = "↑"
	Fall = "↓"
)

// BytesPerKB is the KB of byte sizes and of the cost model's per-KB slopes.
const BytesPerKB = 1024

// roundOff is the relative round-off below which a number is whole.
const roundOff = 1e-9

// An Estimate is a value and, when HasCI, its interval [Lo, Hi].
type Estimate struct {
	V, Lo, Hi float64
	HasCI     bool
}

// Known reports whether e has a value: the estimate of no samples is NaN.
func (e Estimate) Known() bool { return !math.IsNaN(e.V) }

// Times returns e, interval included, multiplied by f > 0.
func (e Estimate) Times(f float64) Estimate {
	return Estimate{V: e.V * f, Lo: e.Lo * f, Hi: e.Hi * f, HasCI: e.HasCI}
}

// ShowsCI reports whether e has an interval that is not a point.
func (e Estimate) ShowsCI() bool { return e.HasCI && (e.Lo != e.V || e.Hi != e.V) }

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// minus writes every hyphen-minus of a formatted number as a minus sign.
func minus(s string) string { return strings.ReplaceAll(s, "-", "−") }

// Sig formats x with three significant digits.
func Sig(x float64) string {
	if !finite(x) {
		return None
	}
	// Round first, so that 99.96 is "100" rather than "100.0".
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3, 64), 64)
	switch ar := math.Abs(r); {
	case ar >= 100 || ar == 0:
		return minus(strconv.FormatFloat(x, 'f', 0, 64))
	case ar >= 0.001:
		return minus(strconv.FormatFloat(r, 'f', 2-int(math.Floor(math.Log10(ar))), 64))
	}
	return minus(strconv.FormatFloat(r, 'g', 3, 64))
}

// Num formats x as a whole number when it is one, to round-off, and with
// three significant digits otherwise.
func Num(x float64) string {
	if ax := math.Abs(x); finite(x) && math.Abs(x-math.Round(x)) <= roundOff*ax && ax < 1e15 {
		return minus(strconv.FormatFloat(math.Round(x), 'f', 0, 64))
	}
	return Sig(x)
}

// signed is f(x) with a plus sign when x is above zero.
func signed(f func(float64) string) func(float64) string {
	return func(x float64) string {
		if x > 0 {
			return "+" + f(x)
		}
		return f(x)
	}
}

// CI formats e with f, then unit, then its interval without the unit:
// "2.15 [1.46, 3.80]", "−159 µs per request [−201, −145]"; None for a
// value that is not finite.
func CI(x Estimate, f func(float64) string, unit string) string {
	if !finite(x.V) {
		return None
	}
	s := f(x.V) + unit
	if x.ShowsCI() && finite(x.Lo) && finite(x.Hi) {
		s += " [" + f(x.Lo) + ", " + f(x.Hi) + "]"
	}
	return s
}

// Duration formats a duration of ns nanoseconds.
func Duration(ns float64) string { return DurationCI(Estimate{V: ns}) }

// DurationCI formats a duration in nanoseconds and its interval in the
// duration's unit, the one benchunit picks for it up to a second:
// "59.7 ns [59.1, 60.7]".
func DurationCI(x Estimate) string {
	if !finite(x.V) {
		return None
	}
	factor, prefix := 1.0, "n"
	if x.V != 0 {
		s := benchunit.CommonScale([]float64{x.V * 1e-9}, benchunit.Decimal)
		factor, prefix = s.Factor*1e9, s.Prefix
		if s.Factor > 1 {
			factor, prefix = 1e9, ""
		}
	}
	return CI(x, func(v float64) string { return Sig(v / factor) }, " "+prefix+"s")
}

// Ratio formats a ratio: "9.04×".
func Ratio(x float64) string { return RatioCI(Estimate{V: x}) }

// RatioCI formats a ratio and its interval: "9.04× [8.91, 9.20]".
func RatioCI(e Estimate) string { return CI(e, Sig, "×") }

// percent formats a percentage without its sign: one decimal below 10.
func percent(x float64) string {
	if !finite(x) {
		return None
	}
	digits := 1
	if math.Abs(x) >= 10 {
		digits = 0
	}
	return minus(strconv.FormatFloat(x, 'f', digits, 64))
}

// Percent formats a percentage: "62%", "3.1%", "−12%".
func Percent(x float64) string { return PercentCI(Estimate{V: x}) }

// PercentCI formats a percentage and its interval: "62% [47, 70]".
func PercentCI(e Estimate) string { return CI(e, percent, "%") }

// Change formats a relative change in percent with its sign: "+28%",
// "−82%".
func Change(x float64) string { return ChangeCI(Estimate{V: x}) }

// ChangeCI formats a relative change in percent and its interval, each
// with its sign: "+5.2% [+3.1, +7.0]".
func ChangeCI(e Estimate) string { return CI(e, signed(percent), "%") }

// Signed formats a difference with three significant digits and its
// sign: "+19.7", "−2.24".
func Signed(x float64) string { return signed(Sig)(x) }

// UnclearCI formats an effect that is no finding: its mark and its
// interval, each bound signed and in unit: Unclear when the interval spans
// zero, "~ [−35%, +2.1%]", else Rise or Fall, "↑ [+33%, +116%]".
func UnclearCI(x Estimate, unit string) string {
	f := signed(Sig)
	if unit == "%" {
		f = signed(percent)
	}
	mark := Unclear
	switch {
	case x.Lo > 0:
		mark = Rise
	case x.Hi < 0:
		mark = Fall
	}
	return mark + " [" + f(x.Lo) + unit + ", " + f(x.Hi) + unit + "]"
}

// HalfWidth formats the half-width of an interval in percent of its
// center, always to a tenth, so that a half-width just over a bound reads
// as over it: "±3.1%", "±10.4%".
func HalfWidth(pct float64) string {
	if !finite(pct) {
		return "±∞"
	}
	return "±" + strconv.FormatFloat(pct, 'f', 1, 64) + "%"
}

// HalfWidthOf formats pct as HalfWidth does, with as many more decimals as
// it takes (up to four) where one would print a half-width that misses
// target as target's own figure: ±2.04% against ±2%, not ±2.0%.
func HalfWidthOf(pct, target float64) string {
	d := 1
	for pct > target && d < 4 && strconv.FormatFloat(pct, 'f', d, 64) == strconv.FormatFloat(target, 'f', d, 64) {
		d++
	}
	if d == 1 {
		return HalfWidth(pct)
	}
	return "±" + strconv.FormatFloat(pct, 'f', d, 64) + "%"
}

// Bytes formats a byte count: whole bytes, or KB from 10 KB.
func Bytes(x float64) string {
	if math.Abs(x) >= 10*BytesPerKB {
		return Num(x/BytesPerKB) + " KB"
	}
	if !finite(x) {
		return None
	}
	return minus(strconv.FormatFloat(x, 'f', 0, 64)) + " B"
}

// Count formats a count, from 10 000 up with an SI prefix as benchunit
// picks it: "7193", "12.3 k", "4.56 G".
func Count(x float64) string {
	if !finite(x) || math.Abs(x) < 1e4 {
		return Num(x)
	}
	s := benchunit.CommonScale([]float64{x}, benchunit.Decimal)
	return Num(x/s.Factor) + " " + s.Prefix
}

// If is s where cond holds, else "".
func If(cond bool, s string) string {
	if cond {
		return s
	}
	return ""
}

// YesNo is "yes" or "no".
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Plural formats a count of things: "1 round", "20 rounds".
func Plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// Busy says that a run's samples stray from their cells' medians, the 10th
// percentile of them at low and the 90th at high, as other work on the host
// makes them.
func Busy(low, high float64) string {
	return fmt.Sprintf("A tenth of its samples are below %.2f of their cell's median and a tenth above %.2f: other work on the host slowed this run, and more rounds narrow that only slowly. Rerun on a quieter machine.", low, high)
}

// Strays formats how far samples stray from their cells' medians, the 10th
// percentile of them at low and the 90th at high: "0.72–1.24".
func Strays(low, high float64) string { return fmt.Sprintf("%.2f–%.2f", low, high) }
