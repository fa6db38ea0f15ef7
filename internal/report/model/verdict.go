package model

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/report/format"
)

// A Verdict is whether figures are precise enough for a page to rank them
// and state findings: the one rule of the machine pages, bench-doc's page
// and the HTTP page. Most figures need a 95% interval (a median, at least
// MinMedianSamples samples), and the median half-width (HalfWidth) of
// those must be within MaxSpread.
type Verdict struct {
	Cells     int     // figures with a finite interval
	Unbounded int     // figures without one
	Spread    float64 // the median half-width of those with one
}

// Ranks reports whether the figures may be ranked.
func (v Verdict) Ranks() bool { return v.Cells > v.Unbounded && v.Spread <= MaxSpread }

// Why says in one sentence why the figures may not be ranked; "" when they may.
func (v Verdict) Why() string {
	switch {
	case v.Cells <= v.Unbounded:
		return fmt.Sprintf("%d of %d figures have too few samples for a 95%% interval, which a median needs %d for.", v.Unbounded, v.Unbounded+v.Cells, MinMedianSamples)
	case v.Spread > MaxSpread:
		return fmt.Sprintf("The median 95%% interval of its %d figures is %s, wider than the %s within which a ranking means anything.", v.Cells, format.HalfWidth(100*v.Spread), format.HalfWidth(100*MaxSpread))
	}
	return ""
}
