package render

import (
	"fmt"
	"strings"

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
type price struct {
	codec    string
	Category string   // from its codec line; "" when it has none
	skips    []string // from its skips line
	recorded bool     // the run has its skips line
}

func priceOf(r *load.Run, codec string) price {
	p := price{codec: codec}
	if c, ok := r.Codec(codec); ok {
		p.Category, p.skips, p.recorded = c.Category, c.Skips, c.HasSkips
	}
	return p
}

// std reports whether the configuration behaves as encoding/json on every
// probe: category std in the run.
func (p price) std() bool { return p.Category == rawfmt.CategoryStd }

// String says what the configuration gives up, in Markdown.
func (p price) String() string {
	switch {
	case p.codec == rawfmt.Base:
		return "nothing (it is the reference)"
	case !p.recorded:
		return "not recorded in this run"
	case len(p.skips) == 0:
		return "nothing the probes check"
	}
	return esc(strings.Join(p.skips, "; "))
}

// Label is the configuration's name and category, in Markdown.
func (p price) Label() string {
	if p.Category == "" {
		return esc(p.codec)
	}
	return fmt.Sprintf("%s (%s)", esc(p.codec), esc(p.Category))
}
