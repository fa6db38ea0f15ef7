package render

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// What a configuration gives up against encoding/json comes from the run's
// raw file: its codec line's category and its skips line, the Skips the
// codec registry declared when the run was made (the category test of
// codecs/probes fails when a probe finds a difference that a
// configuration's Skips does not name). A run made before raw files held
// skips lines says that it did not record them, rather than describe an
// old run with today's registry.

// A price is what one configuration of a run gives up.
// templates/cells.tmpl words it ("givesUp") and names it ("label").
type price struct {
	Codec    string
	Category string   // from its codec line; "" when it has none
	Skips    []string // from its skips line
	Recorded bool     // the run has its skips line
}

func priceOf(r *load.Run, codec string) price {
	p := price{Codec: codec}
	if c, ok := r.Codec(codec); ok {
		p.Category, p.Skips, p.Recorded = c.Category, c.Skips, c.HasSkips
	}
	return p
}

// std reports whether the configuration behaves as encoding/json on every
// probe: category std in the run.
func (p price) std() bool { return p.Category == rawfmt.CategoryStd }
