package load

import (
	"strconv"
	"strings"
)

// The fixture names the report looks for; all others come from the data.
const (
	// The 5 and 50 fields of the article's micro test (seeds/003).
	ArticleSmall = "fields-0005"
	ArticleLarge = "fields-0050"
)

// A Family is a fixture family, recognised by its name prefix.
type Family struct {
	Prefix string
	Feeds  string // what the report builds from it, for the note when a run lacks it
}

// The fixture families, in report order.
var (
	Fields    = Family{"fields-", "the per-field fit, the 5 → 50 fields table and the charts against fields"}
	Bytes     = Family{"bytes-", "the per-KB fit and the joint fit"}
	Equal     = Family{"equal-bytes-", "the joint fit"}
	Nested    = Family{"nested-", "the nesting rows of the tables"}
	ESHits    = Family{"es-hits-", "the `_source` filtering table"}
	Realworld = Family{"realworld-", "the real-world MB/s charts"}

	Families = []Family{Fields, Bytes, Equal, Nested, ESHits, Realworld}
)

// Has reports whether fixture belongs to f.
func (f Family) Has(fixture string) bool { return strings.HasPrefix(fixture, f.Prefix) }

// Label names the family in Markdown, e.g. `fields-*`.
func (f Family) Label() string { return "`" + f.Prefix + "*`" }

// HitsPair parses es-hits-H-full into H and the name of its `_source`-filtered
// twin; ok is false for any other fixture.
func HitsPair(fixture string) (hits int, filtered string, ok bool) {
	h, isHits := strings.CutPrefix(fixture, ESHits.Prefix)
	h, ok = strings.CutSuffix(h, "-full")
	hits, err := strconv.Atoi(h)
	if !isHits || !ok || err != nil || hits <= 0 || h[0] < '0' || h[0] > '9' {
		return 0, "", false
	}
	return hits, ESHits.Prefix + h + "-source5", true
}
