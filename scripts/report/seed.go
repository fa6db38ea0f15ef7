package main

import (
	"regexp"
	"slices"
	"strconv"
)

// The article's micro test (seeds/003): Jackson decoding a 5-field and a 50-field document into a Map.
var jackson = struct {
	fieldsSmall, fieldsLarge float64
	nsSmall, nsLarge         float64 // ns/op
	docSmall, docLarge       float64 // document bytes
}{fieldsSmall: 5, fieldsLarge: 50, nsSmall: 407, nsLarge: 3679, docSmall: 226, docLarge: 2331}

// The fixtures that reproduce the article's 5 and 50 fields, and the operations of the seed table:
// the article decodes into a Map; its API decoded into objects and re-encoded them.
const (
	seedSmall = "fields-0005"
	seedLarge = "fields-0050"
)

var seedOps = []string{"decode-map", "decode-struct", "decode-proj", "roundtrip"}

// growth is how a cell grows from seedSmall to seedLarge.
type growth struct {
	small, large summary // ns/op
	ratio        estimate
	ok           bool
}

// seedRow is one codec's growth per seed operation (parallel to seedTable.ops).
type seedRow struct {
	codec string
	cells []growth
}

// seedTable is the 5 → 50 fields comparison with the article.
type seedTable struct {
	ops  []string // the seed operations present in the run
	rows []seedRow
}

// buildSeed compares seedLarge with seedSmall for every codec and seed operation present.
func buildSeed(rd *runData) seedTable {
	var t seedTable
	for _, op := range seedOps {
		if slices.Contains(rd.ops, op) {
			t.ops = append(t.ops, op)
		}
	}
	for _, codec := range rd.codecs {
		row := seedRow{codec: codec, cells: make([]growth, len(t.ops))}
		found := false
		for i, op := range t.ops {
			small := rd.samples(op, seedSmall, codec, unitNs)
			large := rd.samples(op, seedLarge, codec, unitNs)
			if len(small) == 0 || len(large) == 0 {
				continue
			}
			r, ok := ratio(large, small)
			row.cells[i] = growth{small: summarize(small), large: summarize(large), ratio: r, ok: ok}
			found = found || ok
		}
		if found {
			t.rows = append(t.rows, row)
		}
	}
	return t
}

// Operations of the _source filtering comparison.
const (
	opDecodeStruct = "decode-struct"
	opDecodeProj   = "decode-proj"
	opGet5         = "get5"
)

var esHitsName = regexp.MustCompile(`^es-hits-(\d+)-(full|source5)$`)

// saving is what a cheaper way of reading the same hits saves against decode-struct of the full
// document, per hit and in percent.
type saving struct {
	perHit, pct estimate
	baseline    string // the codec whose decode-struct is the baseline, when not the row's own
	ok          bool
}

// hitsRow is one codec at one hit count.
type hitsRow struct {
	hits      int
	codec     string
	full      summary // decode-struct of the full document, ns/op
	hasFull   bool
	filtering saving // decode-struct of es-hits-H-source5: what _source filtering saves
	proj      saving // decode-proj of the full document
	get5      saving // get5 of the full document
}

// buildHits compares, for every hit count and codec, _source filtering with client-side projection.
func buildHits(rd *runData) []hitsRow {
	var rows []hitsRow
	for _, full := range rd.fixtures {
		m := esHitsName.FindStringSubmatch(full)
		if m == nil || m[2] != "full" {
			continue
		}
		hits, err := strconv.Atoi(m[1])
		if err != nil || hits == 0 {
			continue
		}
		filtered := "es-hits-" + m[1] + "-source5"
		for _, codec := range rd.codecs {
			row := hitsRow{hits: hits, codec: codec}
			own := rd.samples(opDecodeStruct, full, codec, unitNs)
			if len(own) > 0 {
				row.full, row.hasFull = summarize(own), true
				row.filtering = savingOf(own, rd.samples(opDecodeStruct, filtered, codec, unitNs), hits, "")
				row.proj = savingOf(own, rd.samples(opDecodeProj, full, codec, unitNs), hits, "")
			}
			baseline, baseName := own, ""
			if len(own) == 0 {
				baseline, baseName = rd.samples(opDecodeStruct, full, baseCodec, unitNs), baseCodec
			}
			row.get5 = savingOf(baseline, rd.samples(opGet5, full, codec, unitNs), hits, baseName)
			if row.hasFull || row.get5.ok {
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// savingOf is what cheaper saves against full, per hit and in percent of full.
func savingOf(full, cheaper []float64, hits int, baseline string) saving {
	if len(full) == 0 || len(cheaper) == 0 || median(full) == 0 {
		return saving{}
	}
	sets := [][]float64{full, cheaper}
	return saving{
		perHit:   derive(sets, func(m []float64) float64 { return (m[0] - m[1]) / float64(hits) }),
		pct:      derive(sets, func(m []float64) float64 { return 100 * (1 - m[1]/m[0]) }),
		baseline: baseline,
		ok:       true,
	}
}
