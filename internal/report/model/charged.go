package model

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// Charged is what one operation of cell c costs a service that runs it: its ns/op plus the collection
// its allocation causes at the run's service heap (WithGC at GCOf(r, ServiceHeap(r))), with gc true.
// A run that timed no collection (one of the older meter) gives its ns/op alone, with gc false: a
// saving computed from it leaves out the GC that the cheaper option no longer causes.
func Charged(r *load.Run, c rawfmt.Cell) (s Sample, gc bool) {
	ns := Of(r, c, rawfmt.UnitNs)
	g, ok := GCOf(r, ServiceHeap(r))
	if !ok {
		return ns, false
	}
	if s := WithGC(r, c, g); s.Known() {
		return s, true
	}
	return ns, false
}
