package render

import (
	"fmt"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// What a configuration gives up against encoding/json comes from the codec
// registry: each configuration's Skips, the differences it declares. The raw
// file records only its category, and the probe results themselves are a
// page for people (results/conformance/probes.md) that make conformance
// writes by running every codec. The registry is committed code that needs
// neither a run nor a file, so make report stays a function of the
// committed tree and gives the same bytes every time; and it is held to the
// probes: the category test of codecs/probes fails when a probe finds a
// difference that a configuration's Skips does not name.

// A price is what one configuration of a run gives up.
type price struct {
	codec    string
	category string   // the run's, from its codec line; "" when it has none
	skips    []string // the registry's Skips
	known    bool     // the registry has the configuration
	now      string   // the registry's category, when it differs from the run's
}

func priceOf(r *load.Run, codec string) price {
	p := price{codec: codec}
	if c, ok := r.Codec(codec); ok {
		p.category = c.Category
	}
	if c, err := codecs.Lookup(codec); err == nil {
		p.known, p.skips = true, c.Skips
		if string(c.Category) != p.category {
			p.now = string(c.Category)
		}
	}
	return p
}

// std reports whether the configuration behaves as encoding/json on every
// probe: category std in the run and in the registry.
func (p price) std() bool { return p.category == string(codecs.Std) && p.known && p.now == "" }

// String says what the configuration gives up, in Markdown.
func (p price) String() string {
	var s string
	switch {
	case p.codec == rawfmt.Base:
		s = "nothing (it is the reference)"
	case !p.known:
		s = "unknown (the codec registry does not list it)"
	case len(p.skips) == 0:
		s = "nothing the probes check"
	default:
		s = esc(strings.Join(p.skips, "; "))
	}
	if p.now != "" {
		s += fmt.Sprintf(" (the registry files it as %s now)", esc(p.now))
	}
	return s
}

// label is the configuration's name and category, in Markdown.
func (p price) label() string {
	if p.category == "" {
		return esc(p.codec)
	}
	return fmt.Sprintf("%s (%s)", esc(p.codec), esc(p.category))
}

// prices lists what every codec of the run gives up, in report order.
func prices(d *doc, r *load.Run) {
	items := make([]string, len(r.CodecNames))
	for i, codec := range r.CodecNames {
		p := priceOf(r, codec)
		items[i] = p.label() + ": " + p.String()
	}
	d.list(items)
}
