package model

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// V2Base is the base of an operation encoding/json does not run (get5): the
// standard library's encoding/json/v2, with encoding/json/jsontext for lazy
// reads, which the run's codec lines record in category CategoryV2.
const (
	V2Base     = "json-v2"
	CategoryV2 = "v2"
)

// BaseOf is the configuration op's ratios are against in r: rawfmt.Base
// when it ran op, else V2Base when the run's codec line gives it category
// CategoryV2 and it ran op; "" when neither did, and nothing is ranked.
func BaseOf(r *load.Run, op string) string {
	if r.Has(op, rawfmt.Base) {
		return rawfmt.Base
	}
	if c, ok := r.Codec(V2Base); ok && c.Category == CategoryV2 && r.Has(op, V2Base) {
		return V2Base
	}
	return ""
}
