package render

import "github.com/jsoncost/jsoncost/internal/report/load"

// A gcCost is the "GC cost" section of a run that timed collection.
type gcCost struct{}

func newGCCost(r *load.Run) *gcCost { return nil }
