package main

import (
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// largeDoc is the document size from which a cell runs a fixed number of
// iterations per sample rather than for the benchtime: at about 10 ns per
// byte, the slowest codecs take a millisecond and more on such a document,
// so a 10 ms sample would hold only a few iterations, the first of them
// with cold caches.
const largeDoc = 100 << 10

// A part is the cells of a round that one run of the benchmark binary
// times: its selection names their fixtures exactly.
type part struct {
	sel       rawfmt.Selection
	benchtime string
	want      map[rawfmt.Cell]bool
}

// split divides the cells into the part timed for benchtime and the part
// on large documents run for largeBenchtime iterations ("" runs every cell
// for benchtime). Empty parts are left out.
func split(cells []jsoncost.Cell, sel rawfmt.Selection, benchtime, largeBenchtime string) []part {
	small := part{sel: sel, benchtime: benchtime, want: map[rawfmt.Cell]bool{}}
	large := part{sel: sel, benchtime: largeBenchtime, want: map[rawfmt.Cell]bool{}}
	var smallFix, largeFix []string
	seen := map[string]bool{}
	for _, c := range cells {
		p, fix := &small, &smallFix
		if doc, err := c.Fixture.Data(); err == nil && len(doc) >= largeDoc && largeBenchtime != "" {
			p, fix = &large, &largeFix
		}
		p.want[c.Name()] = true
		if !seen[c.Fixture.Name] {
			seen[c.Fixture.Name] = true
			*fix = append(*fix, regexp.QuoteMeta(c.Fixture.Name))
		}
	}
	small.sel.Fixtures, large.sel.Fixtures = strings.Join(smallFix, ","), strings.Join(largeFix, ",")
	var parts []part
	for _, p := range []part{small, large} {
		if len(p.want) > 0 {
			parts = append(parts, p)
		}
	}
	return parts
}

// shuffled returns the parts in the order round r of the run with seed
// runs them.
func shuffled(parts []part, seed uint64, round int) []part {
	h := fnv.New64a()
	h.Write([]byte("parts/" + strconv.Itoa(round)))
	out := append([]part(nil), parts...)
	rand.New(rand.NewPCG(seed, h.Sum64())).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
