package format

import (
	"math"
	"testing"
)

func TestFormat(t *testing.T) {
	ci := func(v, lo, hi float64) Estimate { return Estimate{V: v, Lo: lo, Hi: hi, HasCI: true} }
	tests := []struct{ got, want string }{
		{Sig(38), "38.0"},
		{Sig(0.04123), "0.0412"},
		{Sig(76.84), "76.8"},
		{Sig(302.4), "302"},
		{Sig(99.96), "100"},
		{Sig(7193.4), "7193"},
		{Sig(0.0009996), "0.00100"},
		{Sig(-0.0000123), "−1.23e−05"},
		{Sig(math.NaN()), None},
		{Num(5), "5"},
		{Num(1.9999999999997), "2"},
		{Num(1.9996), "2.00"},
		{Num(-7193), "−7193"},
		{Duration(407), "407 ns"},
		{Duration(38), "38.0 ns"},
		{Duration(0), "0 ns"},
		{Duration(3679), "3.68 µs"},
		{Duration(999.97), "1.00 µs"},
		{Duration(2.5e6), "2.50 ms"},
		{Duration(3.2e12), "3200 s"},
		{Duration(math.Inf(1)), None},
		{DurationCI(ci(59.7, 59.1, 60.7)), "59.7 ns [59.1, 60.7]"},
		{DurationCI(ci(79300, 64900, 313000)), "79.3 µs [64.9, 313]"},
		{DurationCI(ci(1000, 1000, 1000)), "1.00 µs"},
		{DurationCI(Estimate{V: 1000, Lo: math.Inf(-1), Hi: math.Inf(1), HasCI: true}), "1.00 µs"},
		{Ratio(3679.0 / 407), "9.04×"},
		{Ratio(0.2134), "0.213×"},
		{Ratio(12.34), "12.3×"},
		{RatioCI(ci(0.456, 0.41, 1.2)), "0.456× [0.410, 1.20]"},
		{Percent(88.4), "88%"},
		{Percent(3.94), "3.9%"},
		{Percent(-17), "−17%"},
		{PercentCI(ci(62, 47, 70)), "62% [47, 70]"},
		{PercentCI(ci(-3.1, -25, 12)), "−3.1% [−25, 12]"},
		{Change(-89.6), "−90%"},
		{Change(5.5), "+5.5%"},
		{Change(0), "0.0%"},
		{ChangeCI(ci(5.2, 3.1, 7)), "+5.2% [+3.1, +7.0]"},
		{Signed(19.66), "+19.7"},
		{Signed(-2.243), "−2.24"},
		{UnclearCI(ci(71, 33.4, 116), "%"), "↑ [+33%, +116%]"},
		{UnclearCI(ci(-71, -116, -33.4), "%"), "↓ [−116%, −33%]"},
		{UnclearCI(ci(-5, -20, 10), "%"), "~ [−20%, +10%]"},
		{UnclearCI(ci(0, 0, 0.2), ""), "~ [0, +0.200]"},
		{UnclearCI(ci(0, 0, 0), ""), "~ [0, 0]"},
		{HalfWidth(9.44), "±9.4%"},
		{HalfWidth(23.4), "±23.4%"},
		{HalfWidth(10), "±10.0%"},
		{HalfWidth(math.Inf(1)), "±∞"},
		{HalfWidthOf(2.04, 2), "±2.04%"},
		{HalfWidthOf(2.0004, 2), "±2.0004%"},
		{HalfWidthOf(1.96, 2), "±2.0%"},
		{HalfWidthOf(2.3, 2), "±2.3%"},
		{YesNo(true) + YesNo(false), "yesno"},
		{If(true, "; …") + If(false, "x"), "; …"},
		{Bytes(4963), "4963 B"},
		{Bytes(65536), "64 KB"},
		{Bytes(-2048), "−2048 B"},
		{Count(7193), "7193"},
		{Count(12345), "12.3 k"},
		{Count(4.56e9), "4.56 G"},
		{CI(ci(2.15, 1.46, 3.8), Sig, ""), "2.15 [1.46, 3.80]"},
		{CI(ci(-159, -201, -145), Signed, " µs"), "−159 µs [−201, −145]"},
		{Plural(1, "round"), "1 round"},
		{Plural(20, "round"), "20 rounds"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: got %q, want %q", i, tt.got, tt.want)
		}
	}
}
