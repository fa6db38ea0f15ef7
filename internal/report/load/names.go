package load

import (
	"regexp"
	"strconv"
	"strings"
)

// The operation and fixture names the report looks for; all others come
// from the data.
const (
	OpDecodeStruct = "decode-struct"
	OpDecodeMap    = "decode-map"
	OpDecodeProj   = "decode-proj"
	OpEncodeStruct = "encode-struct"
	OpRoundtrip    = "roundtrip"
	OpGet5         = "get5"

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

var esHitsName = regexp.MustCompile(`^(` + regexp.QuoteMeta(ESHits.Prefix) + `(\d+)-)(full|source5)$`)

// HitsPair parses es-hits-H-full into H and the name of its `_source`-filtered
// twin; ok is false for any other fixture.
func HitsPair(fixture string) (hits int, filtered string, ok bool) {
	m := esHitsName.FindStringSubmatch(fixture)
	if m == nil || m[3] != "full" {
		return 0, "", false
	}
	hits, err := strconv.Atoi(m[2])
	if err != nil || hits == 0 {
		return 0, "", false
	}
	return hits, m[1] + "source5", true
}
